import { describe, expect, it } from "vitest";
import { countMatrixFromRows, fleissKappa, UNEQUAL_RATERS } from "@/lib/metrics";
import { fleissMatrix, FLEISS_WIKIPEDIA, fromTable, matrixOf, randomRatings, renamed, shuffled } from "./fixtures";

describe("Fleiss' κ", () => {
  it("reproduces Fleiss (1971) as worked on Wikipedia: 10 subjects × 14 raters × 5 categories, κ = 0.210", () => {
    expect(fleissKappa(fleissMatrix()).value).toBeCloseTo(0.21, 3);
  });

  it("does not depend on the order of units or categories", () => {
    const rows = [...FLEISS_WIKIPEDIA].reverse().map((r) => [...r].reverse());
    expect(fleissKappa(countMatrixFromRows(rows)).value).toBeCloseTo(fleissKappa(fleissMatrix()).value!, 12);
  });

  it("does not change when raters are renamed or the ratings reordered", () => {
    const ratings = randomRatings(3, 50, 6, 3);
    const base = fleissKappa(matrixOf(ratings)).value!;
    expect(fleissKappa(matrixOf(renamed(ratings, "rater", 4))).value).toBeCloseTo(base, 12);
    expect(fleissKappa(matrixOf(shuffled(ratings, 5))).value).toBeCloseTo(base, 12);
  });

  it("is 1 for perfect agreement over several categories", () => {
    expect(fleissKappa(matrixOf(fromTable({ a: [1, 2, 3], b: [1, 2, 3], c: [1, 2, 3] }))).value).toBe(1);
  });

  it("returns null and points to α when units have different numbers of raters", () => {
    const r = fleissKappa(matrixOf(fromTable({ a: [1, 2, 1], b: [1, 2, null] })));
    expect(r).toEqual({ value: null, reason: UNEQUAL_RATERS });
  });

  it("returns null with a reason for empty input, a single rater, and one category only", () => {
    expect(fleissKappa(countMatrixFromRows([]))).toMatchObject({ value: null, reason: "no ratings" });
    expect(fleissKappa(matrixOf(fromTable({ a: [1, 2, 3] })))).toMatchObject({ value: null, reason: expect.stringContaining("two raters") });
    expect(fleissKappa(matrixOf(fromTable({ a: [1, 1], b: [1, 1] })))).toMatchObject({ value: null, reason: expect.stringContaining("one category") });
  });
});
