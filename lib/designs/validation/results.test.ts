import { describe, expect, it } from "vitest";
import { validationConfigSchema } from "@/lib/designs/validation/config";
import { computeResults } from "@/lib/designs/validation/results";

describe("validation results", () => {
  it("names the reasons a unit was rejected in the researcher's own words", async () => {
    const config = validationConfigSchema.parse({
      contextChecks: { flags: [{ key: "unsafe", label: "Unsafe" }] },
      labelJudgement: { prompt: "Is the note right?", labels: [{ key: "accurate", label: "Accurate" }, { key: "inappropriate", label: "Inappropriate", rejects: true }] },
    });
    const results = await computeResults({ n: 1, unitType: "context", config }, {
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

  it("gives other work a turn while it decides many units, and decides them all", async () => {
    const config = validationConfigSchema.parse({ contextChecks: { flags: [{ key: "odd", label: "Odd" }] } });
    const units = Array.from({ length: 5_000 }, (_, i) => ({ id: `u${i}`, ordinal: i + 1, contextId: "c", questionId: null, questionIds: [], model: null, stratum: null, title: null, live: 0, questions: [] }));
    const tallies = new Map(units.map((u) => [u.id, new Map([["flag:odd", { yes: 1, no: 2 }]])]));
    let turns = 0;
    let done = false;
    const tick = () => {
      turns++;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    const results = await computeResults({ n: 3, unitType: "context", config }, {
      units,
      tallies,
      submitted: new Map(units.map((u) => [u.id, 3])),
      common: { progress: { units: 5_000, complete: 5_000, inProgress: 0, remaining: 0, participants: 3, responses: 15_000, medianSecondsPerUnit: null }, participants: [] },
      raters: new Map([["flag:odd", 3]]),
      adjudications: new Map(),
      llm: undefined,
    });
    done = true;
    expect(results.units).toHaveLength(5_000);
    expect(results.decisions.keep).toBe(5_000);
    expect(turns).toBeGreaterThan(1);
  });
});
