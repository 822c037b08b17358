import { describe, expect, it } from "vitest";
import { countMatrixFromRows, krippendorffAlpha, type AlphaLevel, type Rating } from "@/lib/metrics";
import { fromTable, KRIPPENDORFF_2011, matrixOf, randomRatings, renamed, shuffled } from "./fixtures";

const LEVELS: AlphaLevel[] = ["nominal", "ordinal", "interval", "ratio"];

/** Textbook α: enumerate every ordered pair of values within each unit into the coincidence matrix. */
function naiveAlpha(ratings: Rating[], level: AlphaLevel): number {
  const byUnit = new Map<string, number[]>();
  for (const r of ratings) byUnit.set(r.unit, [...(byUnit.get(r.unit) ?? []), Number(r.label)]);
  const values = [...new Set(ratings.map((r) => Number(r.label)))].sort((a, b) => a - b);
  const o = new Map<string, number>();
  for (const vs of byUnit.values()) {
    if (vs.length < 2) continue;
    vs.forEach((c, i) => vs.forEach((k, j) => i !== j && o.set(`${c},${k}`, (o.get(`${c},${k}`) ?? 0) + 1 / (vs.length - 1))));
  }
  const nc = new Map(values.map((c) => [c, values.reduce((s, k) => s + (o.get(`${c},${k}`) ?? 0), 0)]));
  const n = [...nc.values()].reduce((a, b) => a + b, 0);
  const delta = (c: number, k: number): number => {
    if (level === "nominal") return c === k ? 0 : 1;
    if (level === "interval") return (c - k) ** 2;
    if (level === "ratio") return c + k === 0 ? 0 : ((c - k) / (c + k)) ** 2;
    const [lo, hi] = c < k ? [c, k] : [k, c];
    const between = values.filter((g) => g >= lo && g <= hi).reduce((s, g) => s + nc.get(g)!, 0);
    return (between - (nc.get(c)! + nc.get(k)!) / 2) ** 2;
  };
  let dO = 0;
  let dE = 0;
  for (const c of values) {
    for (const k of values) {
      dO += (o.get(`${c},${k}`) ?? 0) * delta(c, k);
      dE += nc.get(c)! * nc.get(k)! * delta(c, k);
    }
  }
  return 1 - ((n - 1) * dO) / dE;
}

describe("Krippendorff's α", () => {
  const m = matrixOf(fromTable(KRIPPENDORFF_2011));

  // Krippendorff (2011) p. 4–5: nominal α = 0.743 (n = 40 pairable values; unit 12 is left out).
  it("reproduces Krippendorff (2011) section C, nominal α = 0.743", () => {
    expect(krippendorffAlpha(m, "nominal").value).toBeCloseTo(0.743, 3);
  });

  // The same data at the other levels, as published by Krippendorff and reproduced on Wikipedia
  // ("Krippendorff's alpha"): interval 0.849, ordinal 0.815, ratio 0.797.
  it.each([
    ["interval", 0.849],
    ["ordinal", 0.815],
    ["ratio", 0.797],
  ] as const)("reproduces Krippendorff (2011) at the %s level (α = %s)", (level, published) => {
    expect(krippendorffAlpha(m, level).value).toBeCloseTo(published, 3);
  });

  it.each(LEVELS)("matches a pair-by-pair coincidence matrix on random data with missing values (%s)", (level) => {
    const ratings = randomRatings(7, 60, 5, 5, 0.7);
    expect(krippendorffAlpha(matrixOf(ratings), level).value).toBeCloseTo(naiveAlpha(ratings, level), 10);
  });

  it.each(LEVELS)("is 1 for perfect agreement (%s)", (level) => {
    const ratings = fromTable({ a: [1, 2, 3, 4, null], b: [1, 2, 3, 4, 5], c: [1, null, 3, 4, 5] });
    expect(krippendorffAlpha(matrixOf(ratings), level).value).toBeCloseTo(1, 12);
  });

  it.each(LEVELS)("does not change when raters, units or rows are permuted (%s)", (level) => {
    const ratings = randomRatings(11, 40, 4, 4, 0.8);
    const base = krippendorffAlpha(matrixOf(ratings), level).value!;
    expect(krippendorffAlpha(matrixOf(renamed(ratings, "rater", 1)), level).value).toBeCloseTo(base, 12);
    expect(krippendorffAlpha(matrixOf(renamed(ratings, "unit", 2)), level).value).toBeCloseTo(base, 12);
    expect(krippendorffAlpha(matrixOf(shuffled(ratings, 3)), level).value).toBeCloseTo(base, 12);
  });

  it.each(LEVELS)("ignores a unit rated by only one rater (%s)", (level) => {
    const ratings = fromTable(KRIPPENDORFF_2011);
    const extra = [...ratings, { unit: "lonely", rater: "A", label: 5 }];
    expect(krippendorffAlpha(matrixOf(extra), level).value).toBeCloseTo(krippendorffAlpha(m, level).value!, 12);
  });

  it("returns null with a reason for empty input, a single rater, and one value only", () => {
    expect(krippendorffAlpha(countMatrixFromRows([]))).toMatchObject({ value: null, reason: expect.stringContaining("no ratings") });
    const single = krippendorffAlpha(matrixOf(fromTable({ a: [1, 2, 3] })));
    expect(single).toMatchObject({ value: null, reason: expect.stringContaining("two or more") });
    for (const level of LEVELS) {
      const one = krippendorffAlpha(matrixOf(fromTable({ a: [2, 2], b: [2, 2] })), level);
      expect(one).toMatchObject({ value: null, reason: expect.stringContaining("same") });
    }
  });

  it("refuses non-numeric labels at the ordinal, interval and ratio levels, and negative ratio values", () => {
    const words = matrixOf(fromTable({ a: ["x", "y"], b: ["x", "x"] }));
    expect(krippendorffAlpha(words, "nominal").value).not.toBeNull();
    expect(krippendorffAlpha(words, "interval")).toMatchObject({ value: null, reason: expect.stringContaining("numeric") });
    expect(krippendorffAlpha(matrixOf(fromTable({ a: [-1, 2], b: [-1, 3] })), "ratio")).toMatchObject({ value: null });
  });
});
