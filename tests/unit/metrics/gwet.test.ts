import { describe, expect, it } from "vitest";
import { countMatrixFromRows, encodeRatings, countMatrix, gwetAC1 } from "@/lib/metrics";
import { fromTable, matrixOf, randomRatings, renamed, shuffled } from "./fixtures";

describe("Gwet's AC1", () => {
  // Gwet (2008), two raters and two categories: AC1 = (p_a − p_e)/(1 − p_e), p_e = 2π(1 − π).
  // Wikipedia's Cohen table 20/5/10/15: p_a = 35/50 = 0.7; A says yes 25/50 = 0.5, B 30/50 = 0.6,
  // π = 0.55, p_e = 2·0.55·0.45 = 0.495, AC1 = 0.205/0.505 = 41/101 = 0.405941.
  it("matches Gwet (2008)'s two-rater formula on the 20/5/10/15 table: AC1 = 41/101", () => {
    const rows = [
      ...Array<number[]>(20).fill([0, 2]),
      ...Array<number[]>(5).fill([1, 1]),
      ...Array<number[]>(10).fill([1, 1]),
      ...Array<number[]>(15).fill([2, 0]),
    ]; // per unit: [no, yes] counts
    expect(gwetAC1(countMatrixFromRows(rows, ["no", "yes"])).value).toBeCloseTo(41 / 101, 12);
  });

  // Three raters, categories a/b: u1 a,a,a; u2 a,a,b; u3 b,b (one missing); u4 a (single rating).
  // p_a over u1–u3 = (1 + 1/3 + 1)/3 = 7/9. π_a = (1 + 2/3 + 0 + 1)/4 = 2/3, π_b = 1/3;
  // p_e = (2/3·1/3 + 1/3·2/3)/(2 − 1) = 4/9; AC1 = (7/9 − 4/9)/(5/9) = 3/5.
  it("handles missing ratings as in Gwet (2014): π_k over all rated units, p_a over units with ≥ 2 ratings", () => {
    const m = matrixOf(fromTable({ r1: ["a", "a", "b", "a"], r2: ["a", "a", "b", null], r3: ["a", "b", null, null] }));
    expect(gwetAC1(m).value).toBeCloseTo(3 / 5, 12);
  });

  it("does not change when raters, units or rows are permuted", () => {
    const ratings = randomRatings(5, 40, 5, 3, 0.8);
    const base = gwetAC1(matrixOf(ratings)).value!;
    expect(gwetAC1(matrixOf(renamed(ratings, "rater", 1))).value).toBeCloseTo(base, 12);
    expect(gwetAC1(matrixOf(renamed(ratings, "unit", 2))).value).toBeCloseTo(base, 12);
    expect(gwetAC1(matrixOf(shuffled(ratings, 3))).value).toBeCloseTo(base, 12);
  });

  it("is 1 for perfect agreement, including when declared categories go unused", () => {
    expect(gwetAC1(matrixOf(fromTable({ a: [1, 2, 1], b: [1, 2, 1] }))).value).toBe(1);
    const declared = countMatrix(encodeRatings(fromTable({ a: ["yes", "yes"], b: ["yes", "yes"] }), ["yes", "no"]));
    expect(gwetAC1(declared).value).toBe(1);
  });

  it("returns null with a reason for empty input, a single rater, and one category only", () => {
    expect(gwetAC1(countMatrixFromRows([]))).toMatchObject({ value: null, reason: "no ratings" });
    expect(gwetAC1(matrixOf(fromTable({ a: [1, 2] })))).toMatchObject({ value: null, reason: expect.stringContaining("two or more") });
    expect(gwetAC1(matrixOf(fromTable({ a: [1, 1], b: [1, 1] })))).toMatchObject({ value: null, reason: expect.stringContaining("one category") });
  });
});
