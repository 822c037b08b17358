import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { zodInvalidParams } from "@/lib/http/problem";
import { studySpecSchema } from "@/lib/studies/spec";

// docs/study-spec.md shows a spec per design: each must parse, so the page never shows a body the
// API refuses. And the refusals a first call meets name the field to fix.

const page = readFileSync(path.resolve(import.meta.dirname, "../../../docs/study-spec.md"), "utf8");
const examples = [...page.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as { design: string });
const refusal = (input: unknown) => {
  const parsed = studySpecSchema.safeParse(input);
  return parsed.success ? null : zodInvalidParams(parsed.error);
};

describe("docs/study-spec.md", () => {
  it("has one example per design, and each parses", () => {
    expect(examples.map((e) => e.design).sort()).toEqual(["baseline", "checklist", "rating", "validation"]);
    for (const example of examples) expect(refusal(example), example.design).toBeNull();
  });
});

describe("a spec's refusals name the field to fix", () => {
  const dataset = "00000000-0000-4000-8000-000000000001";
  it("a validation spec without any check: `config`, saying which checks there are", () => {
    expect(refusal({ name: "x", dataset })).toEqual([{ name: "config", reason: expect.stringMatching(/contextChecks.*answerKey.*labelJudgement/) }]);
    expect(refusal({ name: "x", dataset, config: {} })).toEqual([{ name: "config", reason: expect.stringMatching(/at least one check/) }]);
  });

  it("an unknown design: `design`, listing the designs", () => {
    expect(refusal({ name: "x", dataset, design: "survey" })).toEqual([{ name: "design", reason: "Choose one of: validation, baseline, checklist, rating." }]);
  });

  it("a design field given at the top level is named there, and under config when given in config", () => {
    expect(refusal({ name: "x", dataset, design: "rating", models: [] })?.[0]?.name).toBe("models");
    expect(refusal({ name: "x", dataset, design: "rating", config: { models: [] } })?.[0]?.name).toBe("config.models");
  });
});
