import { describe, expect, it } from "vitest";
import { agreementSummary, encodeRatings } from "@/lib/metrics";
import { fromTable, KRIPPENDORFF_2011 } from "./fixtures";

describe("agreement summary", () => {
  it("computes every figure once and explains each missing one in a note", () => {
    const s = agreementSummary(encodeRatings(fromTable(KRIPPENDORFF_2011)));
    expect(s).toMatchObject({ units: 12, raters: 4, ratings: 41, level: "nominal", fleissKappa: { value: null }, cohenKappa: { value: null }, weightedCohenKappa: null });
    expect(s.krippendorffAlpha.value).toBeCloseTo(0.743, 3);
    expect(s.notes).toEqual([
      "1 of 12 units have a single rating and are left out of agreement (not of majority)",
      "Fleiss' κ needs the same number of raters per unit; unit counts differ, see α",
      "Cohen's κ: needs exactly 2 raters; there are 4",
    ]);
  });

  it("adds weighted Cohen's κ for two raters at a non-nominal level", () => {
    const s = agreementSummary(encodeRatings(fromTable({ a: [1, 2, 3, 3], b: [1, 3, 3, 2] })), "ordinal");
    expect(s.weightedCohenKappa?.linear.value).toEqual(expect.any(Number));
    expect(s.cohenKappa.value).toEqual(expect.any(Number));
  });

  it("adds weighted κ at the nominal level only when told the categories are ordered, and explains its absence", () => {
    const coded = encodeRatings(fromTable({ a: ["lo", "mid", "hi", "hi"], b: ["lo", "hi", "hi", "mid"] }), ["lo", "mid", "hi"], { order: "declared" });
    expect(agreementSummary(coded).weightedCohenKappa).toBeNull();
    expect(agreementSummary(coded, "nominal", { ordered: true }).weightedCohenKappa?.quadratic.value).toEqual(expect.any(Number));
    const three = agreementSummary(encodeRatings(fromTable(KRIPPENDORFF_2011)), "ordinal");
    expect(three.notes).toContain("weighted κ: needs exactly 2 raters; there are 4");
  });
});
