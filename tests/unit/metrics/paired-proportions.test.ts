import { describe, expect, it } from "vitest";
import { mcnemar, pairedDiffProportions, pairedTable, type PairedTable } from "@/lib/metrics";

const table = (both: number, firstOnly: number, secondOnly: number, neither: number): PairedTable => ({ both, firstOnly, secondOnly, neither });

describe("difference of paired proportions (Newcombe 1998, method 10)", () => {
  // Newcombe (1998), Stat Med 17:2635, the paper's examples with their method 10 limits (4 dp), as e, f, g, h.
  // They span negative, zero and positive correlation, empty margins and θ near 1.
  const NEWCOMBE: [number, number, number, number, number, number][] = [
    [36, 12, 2, 0, 0.0569, 0.3404],
    [20, 12, 2, 16, 0.0562, 0.3292],
    [18, 12, 2, 18, 0.0562, 0.329],
    [36, 14, 0, 0, 0.1528, 0.4167],
    [35, 14, 0, 1, 0.1461, 0.4175],
    [18, 14, 0, 18, 0.1441, 0.3963],
    [2, 97, 1, 0, 0.8721, 0.9854],
    [1, 97, 1, 1, 0.8736, 0.985],
    [0, 29, 1, 0, 0.6666, 0.9882],
    [2, 98, 0, 0, 0.9178, 0.9945],
    [1, 98, 0, 1, 0.9171, 0.9916],
    [0, 30, 0, 0, 0.8395, 1],
    [54, 0, 0, 0, -0.0664, 0.0664],
    [53, 0, 0, 1, -0.0729, 0.0729],
    [30, 0, 0, 24, -0.0358, 0.0358],
    [29, 0, 0, 25, -0.0354, 0.0354],
    [28, 0, 0, 26, -0.0352, 0.0352],
    [27, 0, 0, 27, -0.0351, 0.0351],
  ];

  it("reproduces Newcombe's published method 10 limits for all 18 examples", () => {
    for (const [e, f, g, h, lower, upper] of NEWCOMBE) {
      const r = pairedDiffProportions(table(e, f, g, h));
      if (r.value === null) throw new Error(r.reason);
      expect(r.value).toBeCloseTo((f - g) / (e + f + g + h), 12);
      // published to 4 dp; one limit (0.87367 for 1, 97, 1, 1) is printed as 0.8736
      expect(Math.abs(r.lower - lower)).toBeLessThanOrEqual(1e-4);
      expect(Math.abs(r.upper - upper)).toBeLessThanOrEqual(1e-4);
    }
  });

  // Fagerland, Lydersen & Laake, contingencytables package (test-ch8.R): Cavo et al. (2012), 59/6/16/80,
  // Newcombe square-and-add interval −0.0621 (−0.1186 to −0.0046).
  it("agrees with an independent implementation on Cavo et al.'s table", () => {
    const r = pairedDiffProportions(table(59, 6, 16, 80));
    if (r.value === null) throw new Error(r.reason);
    expect(r.value).toBeCloseTo(-0.0621, 4);
    expect(r.lower).toBeCloseTo(-0.1186, 4);
    expect(r.upper).toBeCloseTo(-0.0046, 4);
  });

  it("is antisymmetric when the groups swap, widens with confidence, and stays inside [−1, 1]", () => {
    const a = pairedDiffProportions(table(20, 12, 2, 16));
    const b = pairedDiffProportions(table(20, 2, 12, 16));
    if (a.value === null || b.value === null) throw new Error("null");
    expect(a.lower).toBeCloseTo(-b.upper, 12);
    expect(a.upper).toBeCloseTo(-b.lower, 12);
    const narrow = pairedDiffProportions(table(20, 12, 2, 16), 0.9);
    const wide = pairedDiffProportions(table(20, 12, 2, 16), 0.99);
    if (narrow.value === null || wide.value === null) throw new Error("null");
    expect(wide.upper - wide.lower).toBeGreaterThan(narrow.upper - narrow.lower);
    const edge = pairedDiffProportions(table(0, 30, 0, 0));
    expect(edge).toMatchObject({ value: 1, upper: 1 });
  });

  it("builds the table from per-item correctness, and rejects bad input", () => {
    expect(pairedTable([true, true, false, false, true], [true, false, true, false, true])).toEqual(table(2, 1, 1, 1));
    expect(() => pairedTable([true], [])).toThrow(RangeError);
    expect(pairedDiffProportions(table(0, 0, 0, 0))).toMatchObject({ value: null, reason: "no paired items" });
    expect(() => pairedDiffProportions(table(1, -1, 0, 0))).toThrow(RangeError);
  });
});

describe("McNemar's exact test on demand", () => {
  // SciPy binomtest(86, 236, 0.5).pvalue = 3.715936139571387e-05 (two-sided, symmetric so 2 · lower tail).
  it("computes the exact binomial p-value for many discordant pairs without underflow", () => {
    const r = mcnemar(150, 86, "exact");
    expect(r).toMatchObject({ method: "exact", statistic: null });
    expect(r.value! / 3.715936139571387e-5).toBeCloseTo(1, 10);
    expect(mcnemar(3, 37, "exact").value! / 1.946500560734421e-8).toBeCloseTo(1, 10);
    // beyond 1000 pairs the tail is summed in logs: SciPy binomtest(480, 1040, 0.5) = 0.014259079095385853
    expect(mcnemar(560, 480, "exact").value! / 0.014259079095385853).toBeCloseTo(1, 9);
    expect(mcnemar(2000, 2000, "exact").value).toBe(1);
  });

  it("uses χ² only when asked or from 25 discordant pairs", () => {
    expect(mcnemar(2, 8, "chi-square")).toMatchObject({ method: "chi-square", statistic: 2.5 });
    expect(mcnemar(2, 8)).toMatchObject({ method: "exact" });
    expect(mcnemar(10, 15)).toMatchObject({ method: "chi-square" });
  });
});
