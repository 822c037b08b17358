import { describe, expect, it } from "vitest";
import { cohenKappa, encodeRatings, pairTable, pairTableFromRows } from "@/lib/metrics";
import { fromTable } from "./fixtures";

// Wikipedia, "Cohen's kappa", first example: 50 proposals; both yes 20, A yes/B no 5, A no/B yes 10,
// both no 15. p_o = 35/50 = 0.7; p_e = 0.5·0.6 + 0.5·0.4 = 0.5; κ = 0.2/0.5 = 0.4.
const WIKIPEDIA = pairTableFromRows([
  [20, 5],
  [10, 15],
]);

// A 3×3 ordinal table (rows rater A, columns rater B), computed by hand: N = 35, rows 12/13/10,
// columns 14/12/9. Off-by-one cells 2+3+2+2 = 9, off-by-two 0+1 = 1.
// Σ r_i c_j over off-by-one pairs = 144+182+117+120 = 563, over off-by-two = 108+140 = 248.
// linear: 1 − (9 + 2·1) / ((563 + 2·248)/35) = 1 − 385/1059 = 674/1059 = 0.636449
// quadratic: 1 − (9 + 4·1) / ((563 + 4·248)/35) = 1 − 455/1555 = 1100/1555 = 0.707395
// unweighted: p_o = 25/35, p_e = (168+156+90)/1225 = 414/1225, κ = 461/811 = 0.568434
const ORDINAL = pairTableFromRows([
  [10, 2, 0],
  [3, 8, 2],
  [1, 2, 7],
]);

describe("Cohen's κ", () => {
  it("reproduces Wikipedia's 2×2 example (20/5/10/15): κ = 0.4", () => {
    expect(cohenKappa(WIKIPEDIA).value).toBeCloseTo(0.4, 12);
  });

  it("computes linear and quadratic weighted κ on a hand-calculated 3×3 table", () => {
    expect(cohenKappa(ORDINAL).value).toBeCloseTo(461 / 811, 12);
    expect(cohenKappa(ORDINAL, "linear").value).toBeCloseTo(674 / 1059, 12);
    expect(cohenKappa(ORDINAL, "quadratic").value).toBeCloseTo(1100 / 1555, 12);
  });

  it("gives the same value weighted or not when there are two categories", () => {
    expect(cohenKappa(WIKIPEDIA, "linear").value).toBeCloseTo(0.4, 12);
    expect(cohenKappa(WIKIPEDIA, "quadratic").value).toBeCloseTo(0.4, 12);
  });

  it("does not change when the two raters swap (transposed table)", () => {
    const t = pairTableFromRows([
      [10, 3, 1],
      [2, 8, 2],
      [0, 2, 7],
    ]);
    for (const w of ["none", "linear", "quadratic"] as const) expect(cohenKappa(t, w).value).toBeCloseTo(cohenKappa(ORDINAL, w).value!, 12);
  });

  it("builds the table from long-format ratings over the units both raters rated", () => {
    const coded = encodeRatings(fromTable({ A: ["y", "y", "n", "n", "y"], B: ["y", "n", "n", "n", null], C: ["n", null, null, null, null] }));
    const t = pairTable(coded, coded.raters.indexOf("A"), coded.raters.indexOf("B"));
    expect(t.categories).toEqual(["n", "y"]);
    expect([...t.counts]).toEqual([2, 0, 1, 1]);
  });

  it("is 1 for perfect agreement", () => {
    expect(cohenKappa(pairTableFromRows([[3, 0], [0, 4]])).value).toBe(1);
  });

  it("returns null with a reason for no shared units, one category, and both raters using the same single category", () => {
    expect(cohenKappa(pairTableFromRows([[0, 0], [0, 0]]))).toMatchObject({ value: null, reason: expect.stringContaining("both raters") });
    expect(cohenKappa(pairTableFromRows([[5]]))).toMatchObject({ value: null, reason: expect.stringContaining("one category") });
    expect(cohenKappa(pairTableFromRows([[5, 0], [0, 0]]))).toMatchObject({ value: null, reason: expect.stringContaining("single category") });
    expect(cohenKappa(pairTableFromRows([[0, 5], [0, 0]])).value).toBe(0);
  });
});
