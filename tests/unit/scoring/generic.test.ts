import { describe, expect, it } from "vitest";
import { BENCHMARKS } from "@/lib/benchmarks/types";
import { SCORINGS, scoringOf } from "@/lib/benchmarks/registry";
import { modelSays, question, scored } from "./make";

const generic = scoringOf("generic");

describe("generic scoring", () => {
  it("generic rules: byType is the question kind, every question counts", () => {
    const q = question({ kind: "yes_no", value: "yes" });
    expect(generic.typeOf(q)).toBe("yes_no");
    expect(generic.counts(q, { view: null })).toBe(true);
  });

  it("generic rules: raw model text read by kind and scored by the generic rules", () => {
    const choice = question({ kind: "single_choice", index: 1 }, {}, { options: ["red", "blue"] });
    expect(modelSays("generic", choice, "(b)").score).toEqual({ correct: true, normalized: "b" });
    expect(modelSays("generic", choice, "Blue.").score.correct).toBe(true);
    const list = question({ kind: "multi_select", values: ["Ann", "Bo"] }, {}, { options: ["Ann", "Bo", "Cy"] });
    expect(modelSays("generic", list, "Bo and Ann").score).toEqual({ correct: true, normalized: "Ann|Bo" });
    expect(modelSays("generic", question({ kind: "yes_no", value: "no" }), "No, never.").score.correct).toBe(true);
    const numeric = question({ kind: "numeric", value: 10 }, {}, { scoring: { type: "numeric", relTol: 0, allowUnanswerable: false } });
    expect(modelSays("generic", numeric, "10").score.correct).toBe(true);
    expect(modelSays("generic", numeric, "10.1").score.correct).toBe(false);
    expect(modelSays("generic", question({ kind: "short_text", value: "tin box" }), "The tin box.").score.correct).toBe(true);
    expect(modelSays("generic", question({ kind: "free_text", reference: "r" }), "anything").score.correct).toBeNull();
    expect(modelSays("generic", choice, "purple").score).toEqual({ correct: false, normalized: "" });
  });

  it("generic summary: all questions and accuracy per kind, free text counted apart", () => {
    const items = [
      scored("generic", question({ kind: "single_choice", index: 0 }, {}, { options: ["a", "b"] }), 0),
      scored("generic", question({ kind: "yes_no", value: "no" }), "yes"),
      scored("generic", question({ kind: "free_text", reference: "r" }), "text"),
    ];
    const s = generic.summarize(items, { view: null });
    expect(s.tables[0]!.rows[0]).toMatchObject({ n: 2, correct: 1, unscored: 1 });
    expect(s.tables[1]!.rows.map((r) => [r.group.type, r.n, r.correct, r.unscored])).toEqual([["single_choice", 1, 1, 0], ["yes_no", 1, 0, 0], ["free_text", 0, 0, 1]]);
  });
});

describe("registry", () => {
  it("scoringOf hands out one scorer per benchmark, each with the whole contract", () => {
    for (const name of BENCHMARKS) {
      const s = scoringOf(name);
      expect(s).toBe(SCORINGS[name]);
      for (const member of ["typeOf", "counts", "score", "parse", "summarize"] as const) expect(typeof s[member]).toBe("function");
      expect(Array.isArray(s.typeOrder)).toBe(true);
    }
  });

  it("every scorer scores an unreadable model answer wrong (or unscored for free text), never right", () => {
    const questions = [
      question({ kind: "single_choice", index: 0 }, {}, { options: ["a", "b"] }),
      question({ kind: "numeric", unanswerable: true }),
      question({ kind: "yes_no", value: "no" }),
    ];
    for (const name of BENCHMARKS) for (const q of questions) expect([name, q.kind, modelSays(name, q, { nonsense: true }).score.correct]).toEqual([name, q.kind, false]);
  });
});
