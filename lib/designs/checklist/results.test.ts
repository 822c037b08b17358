import { describe, expect, it } from "vitest";
import { defaultChecklistConfig } from "@/lib/designs/checklist/config";
import { computeChecklistResults } from "@/lib/designs/checklist/results";

describe("checklist results", () => {
  it("before any review: every criterion listed, undecided, with figures left out and reasons given", () => {
    const config = defaultChecklistConfig();
    const unit = { id: "u1", ordinal: 1, contextId: "c1", questionId: null, questionIds: ["q1"], model: null, stratum: null, title: "Scenario 1", live: 1, questions: [] };
    const r = computeChecklistResults({ n: 2, config }, { units: [unit], reviews: [], adjudications: new Map() });
    expect(r.decisions).toEqual({ incomplete: 1, keep: 0, reject: 0, needs_review: 0 });
    expect(r.criteria).toHaveLength(10);
    expect(r.criteria[0]).toMatchObject({ decided: 0, passRate: null, ci95: null, cohenKappa: null });
    expect(r.queue).toEqual([]);
    expect(r.voteColumns[0]).toEqual({ key: "script_answer.consistent", label: "Is the script logically consistent?" });
  });
});
