import { describe, expect, it } from "vitest";
import { countMatrix, dawidSkene, encodeRatings, majorityVote, seededRandom, TIE, type DawidSkeneModel, type Rating } from "@/lib/metrics";
import { codedDs1979, CROWDKIT_DS_1979, CROWDKIT_HARD_CROWDS, CROWDKIT_STEP } from "./dawid-skene-data";

/** Seeded crowd: each annotator is right with its accuracy, otherwise picks a wrong class uniformly. */
function crowd(seed: number, units: number, accuracies: number[], classes = 3) {
  const random = seededRandom(seed);
  const truth: number[] = [];
  const ratings: Rating[] = [];
  for (let u = 0; u < units; u++) {
    const t = Math.floor(random() * classes);
    truth.push(t);
    accuracies.forEach((acc, r) => {
      const label = random() < acc ? t : (t + 1 + Math.floor(random() * (classes - 1))) % classes;
      ratings.push({ unit: `u${u}`, rater: `r${r}`, label });
    });
  }
  return { truth, coded: encodeRatings(ratings) };
}

/** Expected accuracy of labels against the truth; a tie counts as a fair coin among the tied labels. */
function score(winner: Int32Array, truth: number[], tiedShare: (u: number) => number): number {
  let right = 0;
  winner.forEach((k, u) => (right += k === TIE ? tiedShare(u) : k === truth[u] ? 1 : 0));
  return right / truth.length;
}

describe("Dawid–Skene", () => {
  it("recovers true labels better than the majority when 2 annotators are good (0.9) and 3 poor (0.55)", () => {
    const { truth, coded } = crowd(42, 2000, [0.9, 0.9, 0.55, 0.55, 0.55]);
    const m = countMatrix(coded);
    const vote = majorityVote(m);
    const majority = score(vote.winner, truth, (u) => {
      let best = 0;
      let tied = 0;
      let hasTruth = false;
      for (let e = m.start[u]!; e < m.start[u + 1]!; e++) best = Math.max(best, m.count[e]!);
      for (let e = m.start[u]!; e < m.start[u + 1]!; e++) {
        if (m.count[e] === best) {
          tied++;
          if (m.category[e] === truth[u]) hasTruth = true;
        }
      }
      return hasTruth ? 1 / tied : 0;
    });
    const fit = dawidSkene(coded);
    if (fit.value === null) throw new Error(fit.reason);
    const ds = score(fit.value.labels, truth, () => 0);
    expect(fit.value.converged).toBe(true);
    expect(ds).toBeGreaterThan(majority + 0.02);
    // the estimated confusion matrices separate good from poor annotators
    const diag = (r: number) => [0, 1, 2].reduce((s, k) => s + fit.value!.confusion[r]![k * 3 + k]!, 0) / 3;
    expect(diag(0)).toBeGreaterThan(0.85);
    expect(diag(4)).toBeLessThan(0.65);
  });

  it("agrees with the majority when all annotators are equally good", () => {
    const { coded } = crowd(7, 1000, [0.7, 0.7, 0.7, 0.7, 0.7]);
    const vote = majorityVote(countMatrix(coded));
    const fit = dawidSkene(coded);
    if (fit.value === null) throw new Error(fit.reason);
    let same = 0;
    let decided = 0;
    vote.winner.forEach((k, u) => {
      if (k === TIE) return;
      decided++;
      if (fit.value!.labels[u] === k) same++;
    });
    expect(same / decided).toBeGreaterThan(0.99);
  });

  it("keeps pinned gold units at their known label, even against the votes", () => {
    const { coded } = crowd(3, 300, [0.8, 0.8, 0.8]);
    const target = coded.units[0]!;
    const votes = [0, 1, 2].map((k) => coded.unit.filter((u, i) => u === 0 && coded.label[i] === k).length);
    const against = votes.indexOf(Math.min(...votes));
    const fit = dawidSkene(coded, { gold: new Map([[target, coded.categories[against]!]]) });
    if (fit.value === null) throw new Error(fit.reason);
    expect(fit.value.labels[0]).toBe(against);
    expect([...fit.value.posterior.slice(0, 3)]).toEqual([0, 1, 2].map((k) => (k === against ? 1 : 0)));
  });

  it("stops at maxIterations, and reports posteriors that sum to 1", () => {
    const { coded } = crowd(9, 200, [0.9, 0.6, 0.6]);
    const fit = dawidSkene(coded, { maxIterations: 2, tolerance: 0 });
    if (fit.value === null) throw new Error(fit.reason);
    expect(fit.value).toMatchObject({ iterations: 2, converged: false });
    for (let u = 0; u < 200; u++) expect(fit.value.posterior[u * 3]! + fit.value.posterior[u * 3 + 1]! + fit.value.posterior[u * 3 + 2]!).toBeCloseTo(1, 12);
  });

  it("rejects impossible options", () => {
    const { coded } = crowd(1, 10, [0.8, 0.8]);
    expect(() => dawidSkene(coded, { starts: 0 })).toThrow(RangeError);
    expect(() => dawidSkene(coded, { maxIterations: 0 })).toThrow(RangeError);
    expect(() => dawidSkene(coded, { smoothing: -1 })).toThrow(RangeError);
  });

  it("returns null with a reason for empty input, one category only, and unknown gold", () => {
    expect(dawidSkene(encodeRatings([]))).toMatchObject({ value: null, reason: "no ratings" });
    expect(dawidSkene(encodeRatings([{ unit: "a", rater: "r", label: "x" }]))).toMatchObject({ value: null, reason: expect.stringContaining("one category") });
    const { coded } = crowd(1, 10, [0.8, 0.8]);
    expect(dawidSkene(coded, { gold: new Map([["nope", 0]]) })).toMatchObject({ value: null, reason: expect.stringContaining("nope") });
    expect(dawidSkene(coded, { gold: new Map([["u0", 9]]) })).toMatchObject({ value: null, reason: expect.stringContaining("not one of") });
  });

  it("runs a single rater without NaN", () => {
    const { coded } = crowd(2, 20, [0.8]);
    const fit = dawidSkene(coded);
    if (fit.value === null) throw new Error(fit.reason);
    expect(fit.value.posterior.every((p) => Number.isFinite(p))).toBe(true);
  });
});

function fit(...args: Parameters<typeof dawidSkene>): DawidSkeneModel {
  const r = dawidSkene(...args);
  if (r.value === null) throw new Error(r.reason);
  return r.value;
}

const labelString = (m: DawidSkeneModel) => [...m.labels].map((k) => m.categories[k]).join("");

/** Like the data: 111 units, 5 raters of random accuracy 0.35–0.95 on 3 classes, 70% coverage. */
function hardCrowd(seed: number) {
  const random = seededRandom(seed);
  const accuracy = Array.from({ length: 5 }, () => 0.35 + 0.6 * random());
  const ratings: Rating[] = [];
  for (let u = 0; u < 111; u++) {
    const t = Math.floor(random() * 3);
    accuracy.forEach((a, r) => {
      if (random() < 0.7) ratings.push({ unit: `u${u}`, rater: `r${r}`, label: random() < a ? t : (t + 1 + Math.floor(random() * 2)) % 3 });
    });
  }
  return encodeRatings(ratings);
}

describe("Dawid–Skene against a reference implementation", () => {
  // Maximum likelihood without smoothing from the majority-vote start, as in the paper and in crowd-kit.
  it("reproduces crowd-kit's converged fit of Dawid & Skene (1979)'s 45 patients (clinician 1 rating 3 times)", () => {
    const coded = codedDs1979();
    expect(coded.unit.length).toBe(45 * 7);
    const m = fit(coded, { starts: 1, smoothing: 0, tolerance: 1e-13 });
    expect(m.converged).toBe(true);
    expect(labelString(m)).toBe(CROWDKIT_DS_1979.labels);
    m.priors.forEach((p, k) => expect(p).toBeCloseTo(CROWDKIT_DS_1979.priors[k]!, 8));
    for (const [unit, expected] of Object.entries(CROWDKIT_DS_1979.posterior)) {
      const u = m.units.indexOf(unit);
      expected.forEach((p, k) => expect(m.posterior[u * 4 + k]).toBeCloseTo(p, 6));
    }
    const c3 = m.confusion[coded.raters.indexOf("c3")]!;
    CROWDKIT_DS_1979.c3.forEach((row, k) => row.forEach((p, l) => expect(c3[k * 4 + l]).toBeCloseTo(p, 6)));
    expect(m.logLikelihood).toBeCloseTo(CROWDKIT_DS_1979.logLikelihood, 6);
  });

  it("matches crowd-kit's step-by-step test after one and two EM iterations (to its 0.005 tolerance)", () => {
    const coded = encodeRatings(CROWDKIT_STEP.ratings);
    expect(coded.categories).toEqual(["no", "yes"]);
    const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.005 + 1e-9);
    const errorsOf = (m: DawidSkeneModel, worker: string) => {
      const c = m.confusion[coded.raters.indexOf(worker)]!;
      return [c[0]!, c[2]!]; // P(says no | no), P(says no | yes)
    };
    // One iteration: parameters from the majority vote, posteriors from them.
    const one = fit(coded, { starts: 1, smoothing: 0, maxIterations: 1, tolerance: 0 });
    CROWDKIT_STEP.probas1.forEach(([no, yes], u) => {
      near(one.posterior[u * 2]!, no!);
      near(one.posterior[u * 2 + 1]!, yes!);
    });
    expect([...one.labels].map((k) => coded.categories[k])).toEqual(CROWDKIT_STEP.labels1);
    CROWDKIT_STEP.priors0.forEach((p, k) => near(one.priors[k]!, p));
    for (const [w, e] of Object.entries(CROWDKIT_STEP.errors0)) errorsOf(one, w).forEach((x, i) => near(x, e[i]!));
    // Two iterations: parameters from the first posteriors.
    const two = fit(coded, { starts: 1, smoothing: 0, maxIterations: 2, tolerance: 0 });
    CROWDKIT_STEP.priors1.forEach((p, k) => near(two.priors[k]!, p));
    for (const [w, e] of Object.entries(CROWDKIT_STEP.errors1)) errorsOf(two, w).forEach((x, i) => near(x, e[i]!));
  });

  // The symptom: capped at 100 iterations, labels differed from a reference on up to 38 of 111 items.
  // Run to convergence from the same start, every label matches crowd-kit (which needs thousands of
  // iterations on some of these crowds, as do we: up to about 2500 here).
  it("gives crowd-kit's labels on five seeded 111-unit crowds of uneven raters", () => {
    for (const [seed, expected] of Object.entries(CROWDKIT_HARD_CROWDS)) {
      const coded = hardCrowd(Number(seed));
      const m = fit(coded, { starts: 1, smoothing: 0, tolerance: 1e-13, maxIterations: 20000 });
      expect(m.converged).toBe(true);
      expect(m.units).toEqual(Array.from({ length: 111 }, (_, u) => `u${u}`));
      expect(labelString(m)).toBe(expected);
    }
  });

  // The majority-vote start is a local maximum on this table: random starts find a better one that moves 3
  // patients (checked independently: numpy gives log-likelihoods −192.8909 and −192.6822 for the two fits).
  it("keeps the best of several starts, which on the 1979 data beats the paper's majority-vote start", () => {
    const coded = codedDs1979();
    const one = fit(coded, { starts: 1, smoothing: 0, tolerance: 1e-13 });
    const many = fit(coded, { smoothing: 0, tolerance: 1e-13 });
    expect(many.starts).toBe(10);
    expect(many.bestStart).toBeGreaterThan(0);
    expect(many.logLikelihood).toBeCloseTo(-192.682240734, 6);
    expect(many.logLikelihood).toBeGreaterThan(one.logLikelihood + 0.2);
    const moved = many.units.filter((_, u) => many.labels[u] !== one.labels[u]);
    expect(moved).toEqual(["p2", "p12", "p38"]);
  });
});

// 30 fits of up to thousands of EM iterations: about 1 s idle, well past vitest's 5 s default on a
// loaded box. A limit on how long a test may run, not an assertion about speed.
describe("Dawid–Skene convergence and starts", { timeout: 60_000 }, () => {
  it("converges on 30 seeded hard crowds, most of which need more than the old 100-iteration cap", () => {
    let overOldCap = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const m = fit(hardCrowd(seed));
      expect(m.converged).toBe(true);
      if (m.iterations > 100) overOldCap++;
    }
    expect(overOldCap).toBeGreaterThanOrEqual(15);
  });

  it("never keeps a worse likelihood than the majority-vote start", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const coded = hardCrowd(seed);
      expect(fit(coded).logLikelihood).toBeGreaterThanOrEqual(fit(coded, { starts: 1 }).logLikelihood - 1e-9);
    }
  });

  it("is deterministic for a seed", () => {
    const coded = hardCrowd(4);
    expect(fit(coded, { seed: 7 })).toEqual(fit(coded, { seed: 7 }));
  });

  it("gives the same labels from different seeds on well-separated data", () => {
    const { coded, truth } = crowd(11, 300, [0.85, 0.8, 0.9, 0.75, 0.85], 4);
    const runs = [1, 2, 3, 99].map((seed) => fit(coded, { seed }));
    for (const m of runs) expect([...m.labels]).toEqual([...runs[0]!.labels]);
    expect(runs.every((m) => m.converged)).toBe(true);
    expect(score(runs[0]!.labels, truth, () => 0)).toBeGreaterThan(0.95);
  });
});
