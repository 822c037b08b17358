import { describe, expect, it } from "vitest";
import { encodeRatings, icc, iccMeanSquares, ratingTable, type IccForm } from "@/lib/metrics";

// Shrout & Fleiss (1979), the paper's example: 6 targets rated by 4 judges.
const SHROUT_FLEISS = [
  [9, 2, 5, 8],
  [6, 1, 3, 2],
  [8, 4, 6, 8],
  [7, 1, 2, 6],
  [10, 5, 6, 9],
  [6, 2, 4, 7],
];

describe("intraclass correlation", () => {
  // Published with the example's analysis of variance: BMS 11.24, JMS 32.49, EMS 1.02, WMS 6.26.
  it("reproduces Shrout & Fleiss's mean squares", () => {
    const ms = iccMeanSquares(SHROUT_FLEISS);
    if (ms.value === null) throw new Error(ms.reason);
    expect(ms.value).toMatchObject({ targets: 6, judges: 4 });
    expect(ms.value.bms).toBeCloseTo(11.24, 2);
    expect(ms.value.jms).toBeCloseTo(32.49, 2);
    expect(ms.value.ems).toBeCloseTo(1.02, 2);
    expect(ms.value.wms).toBeCloseTo(6.26, 2);
  });

  // Published: ICC(1,1) .17, ICC(2,1) .29, ICC(3,1) .71, ICC(1,4) .44, ICC(2,4) .62, ICC(3,4) .91.
  it("reproduces the six published ICCs of the example", () => {
    const published: [IccForm, number][] = [["1,1", 0.17], ["2,1", 0.29], ["3,1", 0.71], ["1,k", 0.44], ["2,k", 0.62], ["3,k", 0.91]];
    for (const [form, expected] of published) {
      const r = icc(SHROUT_FLEISS, form);
      expect(Math.abs(r.value! - expected)).toBeLessThanOrEqual(0.005);
    }
    // exact from the mean squares: ICC(3,1) = (BMS − EMS)/(BMS + 3·EMS) = 10.2222/14.3000
    expect(icc(SHROUT_FLEISS, "3,1").value).toBeCloseTo((11.241666666666667 - 1.0194444444444444) / (11.241666666666667 + 3 * 1.0194444444444444), 12);
    expect(icc(SHROUT_FLEISS).value).toBeCloseTo(0.2897637795275592, 12); // ICC(2,1) is the default
  });

  it("is 1 when the judges agree exactly, and ICC(3,1) ignores a constant judge offset that ICC(2,1) penalises", () => {
    expect(icc([[1, 1], [2, 2], [3, 3]], "2,1").value).toBeCloseTo(1, 12);
    const shifted = [[1, 3], [2, 4], [3, 5], [5, 7]];
    expect(icc(shifted, "3,1").value).toBeCloseTo(1, 12);
    expect(icc(shifted, "2,1").value!).toBeLessThan(0.9);
  });

  it("returns null with a reason for too few targets or judges, ragged or non-finite rows and constant data", () => {
    expect(icc([[1, 2]])).toMatchObject({ value: null, reason: expect.stringContaining("2 targets") });
    expect(icc([[1], [2]])).toMatchObject({ value: null, reason: expect.stringContaining("2 judges") });
    expect(icc([[1, 2], [3]])).toMatchObject({ value: null, reason: expect.stringContaining("complete data") });
    expect(icc([[1, 2], [3, NaN]])).toMatchObject({ value: null, reason: expect.stringContaining("finite") });
    expect(icc([[4, 4], [4, 4]])).toMatchObject({ value: null, reason: expect.stringContaining("same") });
  });

  it("builds the targets × judges table from long-format numeric ratings, dropping incomplete units", () => {
    const ratings = SHROUT_FLEISS.flatMap((row, t) => row.map((label, j) => ({ unit: `t${t + 1}`, rater: `j${j + 1}`, label })));
    ratings.push({ unit: "t7", rater: "j1", label: 3 });
    const table = ratingTable(encodeRatings(ratings));
    if (table.value === null) throw new Error(table.reason);
    expect(table.value.rows).toEqual(SHROUT_FLEISS);
    expect(table.value.dropped).toBe(1);
    expect(ratingTable(encodeRatings([{ unit: "u", rater: "a", label: "high" }]))).toMatchObject({ value: null, reason: expect.stringContaining("numeric") });
  });
});
