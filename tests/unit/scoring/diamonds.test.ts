import { describe, expect, it } from "vitest";
import { scoringOf } from "@/lib/benchmarks/registry";
import { isClose } from "@/lib/benchmarks/score";
import type { TagValue } from "@/lib/benchmarks/types";
import { modelSays, question, scored } from "./make";

// Expected verdicts were checked against Python 3.11's math.isclose(a, b, rel_tol=2e-2), which
// the DIAMONDs README's get_ans_equivalence calls.

const diamonds = scoringOf("diamonds");
const numeric = (value: number | null, participant = "Oracle", extra: Record<string, TagValue> = {}) =>
  question(value === null ? { kind: "numeric", unanswerable: true } : { kind: "numeric", value }, {
    participant,
    perspective: participant === "Oracle" ? "omniscient" : "participant",
    qa_type: "c11",
    variant: "base",
    ...extra,
  }, { groupKeys: { scenario: "S1" } });
const right = (q: ReturnType<typeof numeric>, answer: unknown) => diamonds.score(q, answer, { view: null }).correct;

describe("DIAMONDs scoring (README get_ans_equivalence)", () => {
  it("DIAMONDs README get_ans_equivalence: math.isclose(rel_tol=2e-2) is 2% of the LARGER magnitude, so 1250 is right for a gold of 1225 (2% of the gold alone, 24.5, would make it wrong)", () => {
    expect(right(numeric(1225), 1250)).toBe(true);
    expect(Math.abs(1250 - 1225) <= 0.02 * 1225).toBe(false);
    expect(right(numeric(100), 102.04)).toBe(true);
    expect(right(numeric(1.1), 1.122)).toBe(true);
    expect(right(numeric(1.1), 1.078)).toBe(false);
    expect(right(numeric(100), 97.99)).toBe(false);
    expect(right(numeric(-50), -51.01)).toBe(true);
    expect(right(numeric(0), 0.0001)).toBe(false);
    expect(right(numeric(0), 0)).toBe(true);
  });

  it("Python math.isclose: symmetric, within relTol of either magnitude or absTol", () => {
    expect(isClose(1000, 980, 0.02)).toBe(true);
    expect(isClose(980, 1000, 0.02)).toBe(true);
    expect(isClose(1200, 1225.5, 0.02)).toBe(false);
    expect(isClose(0.0001, 0, 0.02, 0.001)).toBe(true);
    expect(isClose(Number.NaN, Number.NaN, 0.02)).toBe(false);
  });

  it("DIAMONDs README get_ans_equivalence: an unanswerable gold is right only when the answer is unanswerable too; an unanswerable answer to a number is wrong", () => {
    expect(diamonds.score(numeric(null), null, { view: null })).toEqual({ correct: true, normalized: "unanswerable" });
    expect(right(numeric(null), "unanswerable")).toBe(true);
    expect(right(numeric(null), 0)).toBe(false);
    expect(right(numeric(42), null)).toBe(false);
    expect(right(numeric(42), undefined)).toBe(false);
  });

  it('DIAMONDs parse: "NA", "N/A", "cannot be determined", "1,250", "$1250" and a sentence with one number', () => {
    const q = numeric(1250);
    const read = (raw: unknown) => modelSays("diamonds", q, raw).answer;
    expect(read("NA")).toBe("unanswerable");
    expect(read("N/A")).toBe("unanswerable");
    expect(read("cannot be determined")).toBe("unanswerable");
    expect(read("The amount cannot be determined from the conversation.")).toBe("unanswerable");
    expect(read("Unanswerable")).toBe("unanswerable");
    expect(read(null)).toBe("unanswerable");
    expect(read("1,250")).toBe(1250);
    expect(read("$1250")).toBe(1250);
    expect(read("$1,250.00.")).toBe(1250);
    expect(read("The total is $1,250.")).toBe(1250);
    expect(read('{"answer": "1,250"}')).toBe(1250);
    expect(read({ answer: "NA" })).toBe("unanswerable");
    expect(read(1250)).toBe(1250);
    // not guessed: European decimals, two numbers
    expect(read("1,5")).toBeNull();
    expect(read("between 1200 and 1300")).toBeNull();
  });

  it("DIAMONDs parse: an unreadable prediction is wrong even on an unanswerable question (it is never taken as \"can't be determined\")", () => {
    expect(modelSays("diamonds", numeric(null), "hmm").score).toEqual({ correct: false, normalized: "" });
    expect(modelSays("diamonds", numeric(null), "N/A").score.correct).toBe(true);
    expect(modelSays("diamonds", numeric(1225), "$1,250").score.correct).toBe(true);
  });
});

describe("DIAMONDs summary", () => {
  it("DIAMONDs README get_answerability_equivalence: answerability accuracy, the answer's type (number or unanswerable) against the gold's, is a figure of its own", () => {
    const items = [
      scored("diamonds", numeric(null), null),
      scored("diamonds", numeric(null), 12),
      scored("diamonds", numeric(100), 150),
      scored("diamonds", numeric(100), null),
      scored("diamonds", numeric(100), undefined),
    ];
    const s = diamonds.summarize(items, { view: null });
    expect(s.figures).toEqual([{ key: "answerability_accuracy", label: expect.any(String), value: 2 / 5, n: 5 }]);
    expect(s.tables[0]!.rows.find((r) => r.group.perspective === "Overall")).toMatchObject({ n: 5, correct: 1 });
  });

  it("DIAMONDs Tables 1 and 3: omniscient, participant-centric and overall accuracy per variant", () => {
    const items = [
      scored("diamonds", numeric(100), 101),
      scored("diamonds", numeric(100, "Alex", { false_belief: false }), 150),
      scored("diamonds", numeric(null, "Oracle", { variant: "underspecified" }), null),
      scored("diamonds", numeric(null, "Bella", { variant: "underspecified" }), 12),
    ];
    const s = diamonds.summarize(items, { view: null });
    expect(s.tables[0]!.rows.map((r) => [r.group.variant, r.group.perspective, r.n, r.correct])).toEqual([
      ["base", "Omniscient", 1, 1],
      ["base", "Participant-centric", 1, 0],
      ["base", "Overall", 2, 1],
      ["underspecified", "Omniscient", 1, 1],
      ["underspecified", "Participant-centric", 1, 0],
      ["underspecified", "Overall", 2, 1],
    ]);
    expect(s.notes.join(" ")).toContain("omniscient questions only");
    // report byType is the question kind (issue); perspective is the summary's table above
    expect(diamonds.typeOf(numeric(1))).toBe("numeric");
  });

  it("DIAMONDs Table 2: true/false belief by comparing with the omniscient gold when it is there, else by the access-group tag", () => {
    const items = [
      scored("diamonds", numeric(100), 100),
      scored("diamonds", numeric(100, "Chen", { false_belief: true }), 100),
      scored("diamonds", numeric(80, "Diana", { false_belief: true }), 100),
      scored("diamonds", numeric(50, "Alex", { qa_type: "c12", false_belief: false }), 50),
    ];
    const s = diamonds.summarize(items, { view: null });
    expect(s.tables[1]!.rows.map((r) => [r.group.belief, r.n, r.correct])).toEqual([["true belief", 2, 2], ["false belief", 1, 0]]);
    expect(s.notes.join(" ")).toContain("2 participant-centric answers classed by comparing");
  });
});
