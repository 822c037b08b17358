import { describe, expect, it } from "vitest";
import { validationConfigSchema } from "@/lib/designs/validation/config";
import { computeResults } from "@/lib/designs/validation/results";

describe("validation results", () => {
  it("names the reasons a unit was rejected in the researcher's own words", () => {
    const config = validationConfigSchema.parse({
      contextChecks: { flags: [{ key: "unsafe", label: "Unsafe" }] },
      labelJudgement: { prompt: "Is the note right?", labels: [{ key: "accurate", label: "Accurate" }, { key: "inappropriate", label: "Inappropriate", rejects: true }] },
    });
    const results = computeResults({ n: 1, unitType: "context", config }, {
      units: [],
      tallies: new Map(),
      submitted: new Map(),
      common: { progress: { units: 0, complete: 0, inProgress: 0, remaining: 0, participants: 0, responses: 0, medianSecondsPerUnit: null }, participants: [] },
      raters: new Map(),
      adjudications: new Map(),
      llm: undefined,
    });
    expect(results.reasonLabels["flag:unsafe"]).toBe("flagged Unsafe");
    expect(results.reasonLabels["label:inappropriate"]).toBe("label Inappropriate");
    expect(results.reasonLabels["label:tie"]).toBe("label tied");
    expect(results.reasonLabels.llm_judge).toBe("LLM judge did not agree");
    expect(results.voteColumns).toEqual([{ key: "flag:unsafe", label: "Unsafe" }, { key: "label", label: "Label judgement" }]);
  });
});
