import { describe, expect, it } from "vitest";
import { countMatrixFromRows, encodeRatings, majorityOf, majorityOutcome, majorityVote, NO_RATINGS, TIE, weightedMajorityVote } from "@/lib/metrics";
import { fromTable, matrixOf } from "./fixtures";

describe("majority vote", () => {
  const ratings = fromTable({ a: ["x", "x", "x"], b: ["x", "y", "y"], c: ["y", "z", null] });

  it("reports the plurality label, and a tie as TIE rather than picking one", () => {
    const m = matrixOf(ratings);
    const vote = majorityVote(m);
    // u1: x,x,y → x; u2: x,y,z → three-way tie; u3: x,y → tie
    expect([...vote.winner]).toEqual([m.categories.indexOf("x"), TIE, TIE]);
    expect(vote).toMatchObject({ withMajority: 1, ties: 2 });
    expect(majorityOutcome(m, 1)).toEqual({ kind: "tie", labels: ["x", "y", "z"], votes: 1 });
    expect(majorityOutcome(m, 0)).toEqual({ kind: "majority", label: "x", votes: 2 });
  });

  it("marks units without ratings as NO_RATINGS", () => {
    const vote = majorityVote(countMatrixFromRows([[0, 0], [1, 0]]));
    expect([...vote.winner]).toEqual([NO_RATINGS, 0]);
    expect(vote).toMatchObject({ withMajority: 1, ties: 0 });
  });

  it("weights each rater's vote, and still reports exact weighted ties", () => {
    const coded = encodeRatings(ratings);
    const w = (byName: Record<string, number>) => coded.raters.map((r) => byName[r]!);
    // u2: x 1, y 3, z 1 → y; u3: x 1, y 3 → y
    const heavyB = weightedMajorityVote(coded, w({ a: 1, b: 3, c: 1 }));
    expect([...heavyB.winner].map((k) => coded.categories[k])).toEqual(["x", "y", "y"]);
    // u1: x 0.1 + 0.2 = 0.3 vs y 0.3 → tie despite floating-point rounding
    const tied = weightedMajorityVote(coded, w({ a: 0.1, b: 0.2, c: 0.3 }));
    expect(tied.winner[0]).toBe(TIE);
    expect(() => weightedMajorityVote(coded, [1, 1])).toThrow(RangeError);
    expect(() => weightedMajorityVote(coded, [1, -1, 1])).toThrow(RangeError);
  });

  it("equals the unweighted vote when all weights are equal", () => {
    const coded = encodeRatings(ratings);
    expect([...weightedMajorityVote(coded, [2, 2, 2]).winner]).toEqual([...majorityVote(matrixOf(ratings)).winner]);
  });

  it("votes over plain labels with an explicit tie result and an empty result", () => {
    expect(majorityOf(["a", "b", "a"])).toEqual({ kind: "majority", label: "a", votes: 2 });
    expect(majorityOf([1, 2])).toEqual({ kind: "tie", labels: [1, 2], votes: 1 });
    expect(majorityOf(["a", "b", "b"], [3, 1, 1])).toEqual({ kind: "majority", label: "a", votes: 3 });
    expect(majorityOf([])).toEqual({ kind: "none" });
  });
});
