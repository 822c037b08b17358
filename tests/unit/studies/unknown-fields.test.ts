import { describe, expect, it } from "vitest";
import { zodInvalidParams } from "@/lib/http/problem";
import { studySpecSchema, studyUpdateSchema } from "@/lib/studies/spec";

// A misspelt field is refused under its own name. A validation spec's top-level "lenguage" went
// into the design's config, whose loose schema dropped it: the study was made, in English. A
// baseline's strict config refused it, but under "config". A PATCH with {"view": …} answered 200
// and changed nothing.
const DATASET = "0190c3a0-0000-7000-8000-000000000001";
const refusal = (schema: typeof studySpecSchema | typeof studyUpdateSchema, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : zodInvalidParams(parsed.error);
};

describe("unknown fields", () => {
  it("a spec's misspelt top-level or config field is refused where it was written, for every design", () => {
    const validation = { dataset: DATASET, design: "validation", name: "v", answerKey: true };
    expect(refusal(studySpecSchema, validation)).toBeNull();
    expect(refusal(studySpecSchema, { ...validation, lenguage: "zh", maxUnitsPerParticpant: 3 })!.map((p) => p.name)).toEqual(["lenguage", "maxUnitsPerParticpant"]);
    expect(refusal(studySpecSchema, { ...validation, config: { answerKy: true } })).toEqual([
      { name: "config.answerKy", reason: 'Unknown field "answerKy": not a study setting nor a setting of a validation study\'s config.' },
    ]);
    expect(refusal(studySpecSchema, { dataset: DATASET, design: "baseline", name: "b", lenguage: "zh" })).toEqual([
      { name: "lenguage", reason: 'Unknown field "lenguage": not a study setting, nor a setting of a human baseline study\'s config.' },
    ]);
    for (const design of ["checklist", "rating"]) expect(refusal(studySpecSchema, { dataset: DATASET, design, name: "x", entrymode: "annotators" })!.map((p) => p.name)).toContain("entrymode");
  });

  it("a study update refuses each unknown field by name, and says where settings go", () => {
    expect(refusal(studyUpdateSchema, { name: "x", settings: { view: "full" } })).toBeNull();
    const refused = refusal(studyUpdateSchema, { view: "full", dataset: DATASET });
    expect(refused!.map((p) => p.name)).toEqual(["view", "dataset"]);
    expect(refused![0]!.reason).toContain('go under "settings"');
  });
});
