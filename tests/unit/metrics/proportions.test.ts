import { describe, expect, it } from "vitest";
import { accuracy, diffProportions, mcnemar, mcnemarPaired, normalCdf, normalQuantile } from "@/lib/metrics";

describe("accuracy with a Wilson interval", () => {
  // Wilson (1927) score interval by hand, z = 1.959964: p = 81/263 = 0.307985; centre =
  // (p + z²/526)/(1 + z²/263) = 0.310739; half-width = (z/(1 + z²/263))·√(p(1−p)/263 + z²/(4·263²)) = 0.055461
  // → [0.2553, 0.3662], the figure the Wikipedia article "Binomial proportion confidence interval" uses.
  it("gives [0.2553, 0.3662] for 81/263 (Wilson 1927, computed by hand)", () => {
    const r = accuracy(81, 263);
    expect(r.value).toBeCloseTo(81 / 263, 12);
    if (r.value === null) throw new Error(r.reason);
    expect(r.lower).toBeCloseTo(0.2553, 4);
    expect(r.upper).toBeCloseTo(0.3662, 4);
  });

  it("stays inside [0, 1] at 0/n and n/n, and widens with confidence", () => {
    expect(accuracy(0, 10)).toMatchObject({ value: 0, lower: 0 });
    expect(accuracy(10, 10)).toMatchObject({ value: 1, upper: 1 });
    const a = accuracy(5, 10, 0.9);
    const b = accuracy(5, 10, 0.99);
    if (a.value === null || b.value === null) throw new Error("null");
    expect(b.upper - b.lower).toBeGreaterThan(a.upper - a.lower);
  });

  it("returns null for no answers and rejects impossible counts", () => {
    expect(accuracy(0, 0)).toMatchObject({ value: null, reason: "no answers" });
    expect(() => accuracy(3, 2)).toThrow(RangeError);
  });
});

describe("difference of two proportions (Newcombe's hybrid score interval)", () => {
  // Newcombe (1998), Stat Med 17:873, Table II example (a): 56/70 − 48/80 = 0.2, method 10: 0.0524 to 0.3339.
  it("reproduces Newcombe (1998) example (a): 56/70 − 48/80, CI [0.0524, 0.3339]", () => {
    const r = diffProportions(56, 70, 48, 80);
    if (r.value === null) throw new Error(r.reason);
    expect(r.value).toBeCloseTo(0.2, 12);
    expect(r.lower).toBeCloseTo(0.0524, 4);
    expect(r.upper).toBeCloseTo(0.3339, 4);
  });

  it("is antisymmetric when the groups swap, and null when a group is empty", () => {
    const a = diffProportions(9, 30, 20, 31);
    const b = diffProportions(20, 31, 9, 30);
    if (a.value === null || b.value === null) throw new Error("null");
    expect(a.lower).toBeCloseTo(-b.upper, 12);
    expect(a.upper).toBeCloseTo(-b.lower, 12);
    expect(diffProportions(1, 2, 0, 0)).toMatchObject({ value: null });
  });
});

describe("McNemar's test", () => {
  // Agresti (2007), An Introduction to Categorical Data Analysis, §8.1 (presidential approval, 1600 people):
  // discordant 150 and 86. Agresti's uncorrected z² = 64²/236 = 17.36; with the continuity correction used
  // here, (|150 − 86| − 1)²/236 = 3969/236 = 16.818, p = P(χ²₁ > 16.818) ≈ 4.1e-5.
  it("uses χ² with continuity correction for Agresti's approval example (b = 150, c = 86)", () => {
    const r = mcnemar(150, 86);
    if (r.value === null) throw new Error(r.reason);
    expect(r.method).toBe("chi-square");
    expect(r.statistic).toBeCloseTo(3969 / 236, 10);
    expect(r.value).toBeCloseTo(2 * (1 - normalCdf(Math.sqrt(3969 / 236))), 10);
    expect(r.value).toBeGreaterThan(4.0e-5);
    expect(r.value).toBeLessThan(4.2e-5);
  });

  // Exact binomial by hand: n = 10, P(X ≤ 2) = (1 + 10 + 45)/1024, two-sided p = 112/1024 = 0.109375.
  it("uses the exact binomial test for few discordant pairs (b = 2, c = 8 → p = 112/1024)", () => {
    expect(mcnemar(2, 8)).toMatchObject({ value: 112 / 1024, method: "exact", statistic: null });
    expect(mcnemar(5, 5).value).toBe(1);
  });

  it("counts discordant pairs from paired answers, and returns null with none", () => {
    const before = [true, true, false, false, true];
    const after = [false, true, true, true, true];
    expect(mcnemarPaired(before, after)).toMatchObject({ b: 1, c: 2, method: "exact" });
    expect(mcnemarPaired(before, before)).toMatchObject({ value: null });
    expect(mcnemarPaired([], [])).toMatchObject({ value: null, reason: "no pairs" });
  });
});

describe("normal distribution", () => {
  it("inverts the CDF to double precision (z₀.₉₇₅ = 1.959963984540054)", () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    for (const p of [1e-10, 0.001, 0.3, 0.5, 0.8, 0.999]) expect(normalCdf(normalQuantile(p)) / p).toBeCloseTo(1, 10);
  });
});
