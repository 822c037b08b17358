import { describe, expect, it } from "vitest";
import { countMatrix, dawidSkene, encodeRatings, majorityVote, seededRandom, TIE, type Rating } from "@/lib/metrics";

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
