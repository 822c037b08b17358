import { describe, expect, it } from "vitest";
import { agreementSummary, agreementSummaryOfCounts, countMatrixOf, encodeRatings, seededRandom, type Rating } from "@/lib/metrics";

// Agreement from counts aggregated elsewhere (SQL) must be the agreement from the ratings themselves.

function randomRatings(seed: number): Rating[] {
  const r = seededRandom(seed);
  const out: Rating[] = [];
  for (let u = 0; u < 60; u++) {
    const raters = 1 + Math.floor(r() * 6);
    for (let k = 0; k < raters; k++) out.push({ unit: `u${u}`, rater: `r${(u + k * 7) % 13}`, label: ["yes", "no", "maybe"][Math.floor(r() * (r() < 0.7 ? 2 : 3))]! });
  }
  return out;
}

describe("agreement from counts", () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`equals agreement from the ratings (seed ${seed}): every figure, the notes, the sizes`, () => {
      const ratings = randomRatings(seed);
      const expected = agreementSummary(encodeRatings(ratings));
      const perUnit = new Map<string, Record<string, number>>();
      for (const x of ratings) {
        const c = perUnit.get(x.unit) ?? {};
        c[String(x.label)] = (c[String(x.label)] ?? 0) + 1;
        perUnit.set(x.unit, c);
      }
      const actual = agreementSummaryOfCounts(countMatrixOf([...perUnit.values()].reverse()), expected.raters);
      expect({ ...actual, percentAgreement: null, fleissKappa: null, krippendorffAlpha: null, gwetAC1: null }).toEqual({ ...expected, percentAgreement: null, fleissKappa: null, krippendorffAlpha: null, gwetAC1: null });
      for (const k of ["percentAgreement", "fleissKappa", "krippendorffAlpha", "gwetAC1"] as const) expect(actual[k].value).toBeCloseTo(expected[k].value!, 12);
    });
  }

  it("reads each unit's counts in the categories' order, leaving out zero counts and labels a unit does not have (even one an object inherits)", () => {
    const m = countMatrixOf([{ yes: 2, no: 0, toString: 1 }, { no: 3 }, {}, { maybe: 1, yes: 1 }]);
    expect(m.categories).toEqual(["maybe", "no", "toString", "yes"]);
    expect([...m.start]).toEqual([0, 2, 3, 3, 5]);
    expect([...m.category]).toEqual([2, 3, 1, 0, 3]);
    expect([...m.count]).toEqual([1, 2, 3, 1, 1]);
    expect([...m.total]).toEqual([3, 3, 0, 2]);
  });

  it("refuses two raters: Cohen's κ needs who rated what", () => {
    expect(() => agreementSummaryOfCounts(countMatrixOf([{ yes: 2 }]), 2)).toThrow(RangeError);
  });
});
