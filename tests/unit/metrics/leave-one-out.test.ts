import { describe, expect, it } from "vitest";
import { encodeRatings, leaveOneOutAgreement } from "@/lib/metrics";
import { fromTable } from "./fixtures";

// Raters A–E (columns) × units u1–u6, null = not rated. Per rater and unit, the OTHER raters' votes decide:
//   u1 x x x y    A, B, C: others x,x,y → x (agree). D: others x,x,x → x (disagree).
//   u2 x y . .    one other each: not compared.
//   u3 x y x .    A: others y,x tie. B: others x,x → x (disagree). C: others x,y tie.
//   u4 x y z x    A: y,z,x tie. B: x,z,x → x (disagree). C: x,y,x → x (disagree). D: x,y,z tie.
//   u5 y y x z    A, B: y,x,z / y,x,z tie. C: y,y,z → y (disagree). D: y,y,x → y (disagree).
//   u6 x x y z w  A, B: x,y,z,w tie. C: x,x,z,w → x by plurality (disagree), 2 of 4 is no absolute majority;
//                 D, E: x,x,y,w / x,x,y,z → x by plurality (disagree), no absolute majority.
const TABLE = {
  A: ["x", "x", "x", "x", "y", "x"],
  B: ["x", "y", "y", "y", "y", "x"],
  C: ["x", null, "x", "z", "x", "y"],
  D: ["y", null, null, "x", "z", "z"],
  E: [null, null, null, null, null, "w"],
};

describe("leave-one-out agreement with the others' majority", () => {
  it("scores each rater against the other raters only, skipping ties and units with fewer than 2 others", () => {
    expect(leaveOneOutAgreement(encodeRatings(fromTable(TABLE)))).toEqual([
      { rater: "A", agree: 1, compared: 1, rate: 1 },
      { rater: "B", agree: 1, compared: 3, rate: 1 / 3 },
      { rater: "C", agree: 1, compared: 4, rate: 1 / 4 },
      { rater: "D", agree: 0, compared: 3, rate: 0 },
      { rater: "E", agree: 0, compared: 1, rate: 0 },
    ]);
  });

  it("with the absolute rule compares only where more than half of the others agree", () => {
    expect(leaveOneOutAgreement(encodeRatings(fromTable(TABLE)), { rule: "absolute" })).toEqual([
      { rater: "A", agree: 1, compared: 1, rate: 1 },
      { rater: "B", agree: 1, compared: 3, rate: 1 / 3 },
      { rater: "C", agree: 1, compared: 3, rate: 1 / 3 },
      { rater: "D", agree: 0, compared: 2, rate: 0 },
      { rater: "E", agree: 0, compared: 0, rate: null },
    ]);
  });

  it("never lets a rater's own vote make the majority", () => {
    // a and b say x, c says y. Counting a's own vote, x would be the majority a agrees with; without it,
    // a faces b and c (x against y, a tie) and is not compared. The same holds for b; c faces x, x.
    const r = leaveOneOutAgreement(encodeRatings(fromTable({ a: ["x"], b: ["x"], c: ["y"] })));
    expect(r).toEqual([
      { rater: "a", agree: 0, compared: 0, rate: null },
      { rater: "b", agree: 0, compared: 0, rate: null },
      { rater: "c", agree: 0, compared: 1, rate: 0 },
    ]);
  });

  it("returns every rater with nothing compared for empty or single-rater input", () => {
    expect(leaveOneOutAgreement(encodeRatings([]))).toEqual([]);
    expect(leaveOneOutAgreement(encodeRatings(fromTable({ a: ["x", "y"] })))).toEqual([{ rater: "a", agree: 0, compared: 0, rate: null }]);
  });
});
