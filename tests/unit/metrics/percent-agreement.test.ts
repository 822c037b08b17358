import { describe, expect, it } from "vitest";
import { countMatrixFromRows, percentAgreement } from "@/lib/metrics";
import { fleissMatrix, fromTable, matrixOf } from "./fixtures";

describe("percent agreement", () => {
  it("is the P̄ of the Wikipedia Fleiss example (0.378)", () => {
    expect(percentAgreement(fleissMatrix()).value).toBeCloseTo(0.378, 3);
  });

  // unit 1: 3 raters, labels x,x,y → 1 agreeing pair of 3 = 1/3; unit 2: x,x → 1; unit 3: one rating, skipped.
  it("averages the share of agreeing rater pairs over units with two or more ratings", () => {
    const m = matrixOf(fromTable({ a: ["x", "x", "z"], b: ["x", "x", null], c: ["y", null, null] }));
    expect(percentAgreement(m).value).toBeCloseTo((1 / 3 + 1) / 2, 12);
  });

  it("returns null with a reason for empty input and a single rater, and 1 for one category", () => {
    expect(percentAgreement(countMatrixFromRows([]))).toMatchObject({ value: null, reason: "no ratings" });
    expect(percentAgreement(matrixOf(fromTable({ a: [1, 2] })))).toMatchObject({ value: null, reason: expect.stringContaining("two or more") });
    expect(percentAgreement(matrixOf(fromTable({ a: [1, 1], b: [1, 1] }))).value).toBe(1);
  });
});
