import { describe, expect, it } from "vitest";
import { countMatrix, digamma, encodeRatings, mace, majorityVote, seededRandom, type MaceModel, type Rating } from "@/lib/metrics";

// MACE's README example (github.com/dirkhovy/MACE, data/examples/pos.csv): 6 items (the 3rd empty), 5 annotators.
const POS = ["NOUN,,,NOUN,PRON", "VERB,VERB,,VERB,", "", "ADJ,,ADJ,,ADV", ",VERB,,VERB,ADV", "NOUN,,,NOUN,PRON"];
const pos = () => {
  const ratings: Rating[] = [];
  POS.forEach((line, i) => line.split(",").forEach((label, a) => label && ratings.push({ unit: `i${i + 1}`, rater: `a${a + 1}`, label })));
  return encodeRatings(ratings);
};

function fit(...args: Parameters<typeof mace>): MaceModel {
  const r = mace(...args);
  if (r.value === null) throw new Error(r.reason);
  return r.value;
}

/** Competence in annotator order a1..a5, and P(label) of one item. */
const competence = (m: MaceModel, raters: string[]) => ["a1", "a2", "a3", "a4", "a5"].map((a) => m.competence[raters.indexOf(a)]!);
const posterior = (m: MaceModel, unit: string, label: string) => m.posterior[m.units.indexOf(unit) * m.categories.length + m.categories.indexOf(label)]!;

describe("digamma", () => {
  it("gives ψ(1) = −γ, ψ(½) = −γ − 2 ln 2, ψ(x + 1) = ψ(x) + 1/x, and SciPy's values", () => {
    const gamma = 0.5772156649015329;
    expect(digamma(1)).toBeCloseTo(-gamma, 14);
    expect(digamma(0.5)).toBeCloseTo(-gamma - 2 * Math.LN2, 14);
    for (const x of [0.3, 2.7, 9.99, 55]) expect(digamma(x + 1) - digamma(x)).toBeCloseTo(1 / x, 12);
    // scipy.special.digamma
    expect(digamma(0.001)).toBeCloseTo(-1000.5755719318103, 10);
    expect(digamma(7.3)).toBeCloseTo(1.917820335637986, 14);
    expect(digamma(123.4)).toBeCloseTo(4.8113737751162775, 14);
    expect(() => digamma(0)).toThrow(RangeError);
  });
});

describe("MACE", () => {
  // README "Competence Scores" and "--distribution" outputs for pos.csv (variational Bayes, the default).
  it("reproduces the competences and label distributions MACE's README publishes for its POS example", () => {
    const coded = pos();
    const m = fit(coded);
    expect(m.converged).toBe(true);
    const published = [0.8820970950608722, 0.7904155783217401, 0.6598575839917008, 0.8822161621354134, 0.03114062354821738];
    competence(m, coded.raters).forEach((x, a) => expect(x).toBeCloseTo(published[a]!, 9));
    expect(posterior(m, "i1", "NOUN")).toBeCloseTo(0.9997443833265887, 9);
    expect(posterior(m, "i1", "PRON")).toBeCloseTo(7.140381903855615e-5, 12);
    expect(posterior(m, "i1", "ADJ")).toBeCloseTo(6.140428479093134e-5, 12);
    expect(posterior(m, "i2", "VERB")).toBeCloseTo(0.9999961943848287, 9);
    expect(posterior(m, "i4", "ADJ")).toBeCloseTo(0.9990184050335877, 9);
    expect(posterior(m, "i4", "ADV")).toBeCloseTo(2.741982824057974e-4, 11);
    expect(posterior(m, "i5", "VERB")).toBeCloseTo(0.9994950838119411, 9);
    expect(posterior(m, "i5", "ADV")).toBeCloseTo(1.4104305366466138e-4, 11);
    expect([...m.labels].map((k) => m.categories[k])).toEqual(["NOUN", "VERB", "ADJ", "VERB", "NOUN"]);
  });

  // The authors' mace.py (commit c827dd1) with --controls data/examples/pos.controls (i1 = PRON, i6 = NOUN),
  // run here with NumPy seeds 1 and 5: both give these values.
  it("matches the reference implementation with control items", () => {
    const coded = pos();
    const m = fit(coded, { gold: new Map([["i1", "PRON"], ["i6", "NOUN"]]) });
    const reference = [0.6100797316794514, 0.7877280783441727, 0.6518958924563847, 0.611302302411199, 0.09802124454159776];
    competence(m, coded.raters).forEach((x, a) => expect(x).toBeCloseTo(reference[a]!, 8));
    expect(posterior(m, "i1", "PRON")).toBe(1);
    expect(posterior(m, "i6", "NOUN")).toBe(1);
    expect(posterior(m, "i2", "VERB")).toBeCloseTo(0.9995719470724158, 9);
    expect(posterior(m, "i4", "ADJ")).toBeCloseTo(0.9881627536518365, 9);
    expect(posterior(m, "i5", "VERB")).toBeCloseTo(0.9940525787128799, 9);
  });

  /** 300 units, 4 classes: raters r0–r3 are right 75% of the time; r4 always says 0, r5 answers at random. */
  function withSpammers(seed: number) {
    const random = seededRandom(seed);
    const truth: number[] = [];
    const ratings: Rating[] = [];
    for (let u = 0; u < 300; u++) {
      const t = Math.floor(random() * 4);
      truth.push(t);
      for (let r = 0; r < 4; r++) ratings.push({ unit: `u${u}`, rater: `r${r}`, label: random() < 0.75 ? t : (t + 1 + Math.floor(random() * 3)) % 4 });
      ratings.push({ unit: `u${u}`, rater: "r4", label: 0 });
      ratings.push({ unit: `u${u}`, rater: "r5", label: Math.floor(random() * 4) });
    }
    return { truth, coded: encodeRatings(ratings) };
  }

  for (const method of ["vb", "em"] as const) {
    it(`finds the spammers (${method}) and labels at least as well as the majority vote`, () => {
      const { truth, coded } = withSpammers(3);
      const m = fit(coded, { method });
      expect(m.converged).toBe(true);
      for (let r = 0; r < 4; r++) expect(m.competence[r]).toBeGreaterThan(0.6);
      expect(m.competence[4]).toBeLessThan(0.15);
      expect(m.competence[5]).toBeLessThan(0.15);
      const right = (labels: Int32Array) => labels.reduce((s, k, u) => s + (k === truth[u] ? 1 : 0), 0);
      expect(right(m.labels)).toBeGreaterThanOrEqual(right(majorityVote(countMatrix(coded)).winner));
      for (let u = 0; u < 300; u++) expect(m.posterior.slice(u * 4, u * 4 + 4).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
      expect(m.entropy.every((h) => h >= 0 && h <= Math.log(4) + 1e-12)).toBe(true);
    });
  }

  it("is deterministic for a seed and keeps the best of its restarts", () => {
    const { coded } = withSpammers(8);
    const a = fit(coded, { method: "em", seed: 4 });
    expect(fit(coded, { method: "em", seed: 4 })).toEqual(a);
    expect(a.restarts).toBe(10);
    // the first restart of a seed is the same with 1 or 10 restarts, so 10 can only do better
    expect(a.logLikelihood).toBeGreaterThanOrEqual(fit(coded, { method: "em", seed: 4, restarts: 1 }).logLikelihood);
  });

  it("returns null with a reason for empty input, one category, unknown gold, and rejects bad options", () => {
    expect(mace(encodeRatings([]))).toMatchObject({ value: null, reason: "no ratings" });
    expect(mace(encodeRatings([{ unit: "u", rater: "a", label: "x" }]))).toMatchObject({ value: null, reason: expect.stringContaining("one category") });
    expect(mace(pos(), { gold: new Map([["nope", "NOUN"]]) })).toMatchObject({ value: null, reason: expect.stringContaining("nope") });
    expect(mace(pos(), { gold: new Map([["i1", "DET"]]) })).toMatchObject({ value: null, reason: expect.stringContaining("not one of") });
    expect(() => mace(pos(), { restarts: 0 })).toThrow(RangeError);
    expect(() => mace(pos(), { alpha: 0 })).toThrow(RangeError);
  });
});
