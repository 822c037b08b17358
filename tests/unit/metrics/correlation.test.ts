import { describe, expect, it } from "vitest";
import { averageRanks, pearson, spearman, type Correlation } from "@/lib/metrics";

function value(r: Correlation) {
  if (r.value === null) throw new Error(r.reason);
  return r;
}

// Anscombe (1973), "Graphs in statistical analysis", Am Stat 27:17, data set I: r = 0.816 (published to 3 dp).
const ANSCOMBE_X = [10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5];
const ANSCOMBE_Y1 = [8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68];

describe("Pearson's r with a Fisher-z interval", () => {
  it("gives Anscombe's r = 0.816 for data set I, and the interval tanh(atanh r ± 1.96/√8)", () => {
    const r = value(pearson(ANSCOMBE_X, ANSCOMBE_Y1));
    expect(r.value).toBeCloseTo(0.816, 3);
    expect(r.value).toBeCloseTo(0.81642051634484, 12); // SciPy pearsonr
    // by hand: atanh(0.816421) = 1.146244, half-width 1.959964/√8 = 0.692952 → tanh(0.453292), tanh(1.839196)
    expect(r.lower).toBeCloseTo(0.424391213, 8);
    expect(r.upper).toBeCloseTo(0.950693254, 8);
    expect(r.n).toBe(11);
  });

  it("is symmetric, invariant to linear rescaling, and flips sign with one variable", () => {
    const x = [1, 2, 3, 4, 5, 6];
    const y = [2, 1, 4, 3, 7, 5];
    const base = value(pearson(x, y)).value;
    expect(base).toBeCloseTo(0.7917946548886295, 12); // SciPy
    expect(value(pearson(y, x)).value).toBeCloseTo(base, 12);
    expect(value(pearson(x.map((v) => 3 * v - 7), y)).value).toBeCloseTo(base, 12);
    expect(value(pearson(x, y.map((v) => -v))).value).toBeCloseTo(-base, 12);
  });

  it("gives ±1 with a degenerate but finite interval for a perfect line, and widens with confidence", () => {
    expect(pearson([1, 2, 3, 4], [2, 4, 6, 8])).toMatchObject({ value: 1, lower: 1, upper: 1 });
    const a = value(pearson(ANSCOMBE_X, ANSCOMBE_Y1, { confidence: 0.9 }));
    const b = value(pearson(ANSCOMBE_X, ANSCOMBE_Y1, { confidence: 0.99 }));
    expect(b.upper - b.lower).toBeGreaterThan(a.upper - a.lower);
  });

  it("returns null with a reason for fewer than 4 pairs, a constant variable and non-finite values; throws on unequal lengths", () => {
    expect(pearson([1, 2, 3], [1, 2, 3])).toMatchObject({ value: null, reason: expect.stringContaining("at least 4") });
    expect(pearson([1, 1, 1, 1], [1, 2, 3, 4])).toMatchObject({ value: null, reason: expect.stringContaining("x is constant") });
    // a constant whose mean does not come out exact in floating point (0.5 summed in sixths: sxx 1.8e-32)
    expect(pearson([0.5, 0.5, 0.5, 0.5, 0.5, 0.5], [1, 0.75, 0.5, 0.25, 0, 1])).toMatchObject({ value: null, reason: expect.stringContaining("x is constant") });
    expect(spearman([1, 0.75, 0.5, 0.25, 0, 1], Array(6).fill(0.1))).toMatchObject({ value: null, reason: expect.stringContaining("y is constant") });
    expect(pearson([1, 2, 3, 4], [1, NaN, 3, 4])).toMatchObject({ value: null, reason: expect.stringContaining("pair 1") });
    expect(() => pearson([1, 2], [1])).toThrow(RangeError);
  });
});

describe("Spearman's ρ", () => {
  it("gives average ranks to ties", () => {
    expect([...averageRanks([10, 20, 20, 5, 20])]).toEqual([2, 4, 4, 1, 4]);
    expect([...averageRanks([3, 1, 2])]).toEqual([3, 1, 2]);
  });

  // Wikipedia, "Spearman's rank correlation coefficient", worked example (IQ against hours of TV per week,
  // no ties): Σd² = 194, ρ = 1 − 6·194/(10·99) = −29/165 = −0.175757...
  it("reproduces the published IQ / TV example: ρ = −29/165", () => {
    const iq = [106, 100, 86, 101, 99, 103, 97, 113, 112, 110];
    const tv = [7, 27, 2, 50, 28, 29, 20, 12, 6, 17];
    expect(value(spearman(iq, tv)).value).toBeCloseTo(-29 / 165, 12);
  });

  // x = 1, 2, 2, 3, 4 → ranks 1, 2.5, 2.5, 4, 5; y = 2, 1, 3, 3, 5 → ranks 2, 1, 3.5, 3.5, 5. Centred ranks
  // (both means 3): Σdx·dy = 2 + 1 − 0.25 + 0.5 + 4 = 7.25, Σdx² = Σdy² = 9.5, so ρ = 7.25/9.5 = 29/38 (SciPy
  // agrees). The no-ties shortcut 1 − 6Σd²/(n(n² − 1)) would give 1 − 6·4.5/120 = 0.775 instead.
  it("computes ρ with ties as Pearson's r of average ranks: 29/38 by hand", () => {
    expect(value(spearman([1, 2, 2, 3, 4], [2, 1, 3, 3, 5])).value).toBeCloseTo(29 / 38, 12);
  });

  // ρ = −29/165, n = 10, z = atanh ρ = −0.177603; se = √((1 + ρ²/2)/7) (Bonett–Wright), √(1.06/7) (Fieller),
  // 1/√7 (Fisher); limits tanh(z ± 1.959964·se), checked with NumPy.
  it("builds the Bonett–Wright interval by default, and the Fieller and plain Fisher ones on request", () => {
    const iq = [106, 100, 86, 101, 99, 103, 97, 113, 112, 110];
    const tv = [7, 27, 2, 50, 28, 29, 20, 12, 6, 17];
    const bw = value(spearman(iq, tv));
    expect(bw.lower).toBeCloseTo(-0.7278300282394071, 10);
    expect(bw.upper).toBeCloseTo(0.5145466616329561, 10);
    const fieller = value(spearman(iq, tv, { interval: "fieller" }));
    expect(fieller.lower).toBeCloseTo(-0.7353594030660527, 10);
    expect(fieller.upper).toBeCloseTo(0.52635893369128, 10);
    const fisher = value(spearman(iq, tv, { interval: "fisher" }));
    expect(fisher.lower).toBeCloseTo(-0.7251388558041696, 10);
    expect(fisher.upper).toBeCloseTo(0.5103442296483449, 10);
  });

  it("is unchanged by any increasing transformation, and null for a constant variable", () => {
    const x = [3, 1, 4, 1, 5, 9, 2, 6];
    const y = [2, 7, 1, 8, 2, 8, 1, 8];
    expect(value(spearman(x.map((v) => Math.exp(v)), y)).value).toBeCloseTo(value(spearman(x, y)).value, 12);
    expect(spearman([2, 2, 2, 2], [1, 2, 3, 4])).toMatchObject({ value: null });
  });
});
