// Majority (plurality) vote: the label with the most votes; a tie is reported as a tie, never
// broken silently. Weighted variant: each rater's vote counts its weight.
import { groupByUnit, type CountMatrix } from "./counts";
import type { CodedRatings } from "./encode";
import type { Label } from "./types";

/** `winner[u]` is a category index, or TIE, or NO_RATINGS. */
export const TIE = -1;
export const NO_RATINGS = -2;

export interface MajorityVote {
  winner: Int32Array;
  withMajority: number;
  ties: number;
}

export type MajorityOutcome =
  | { kind: "majority"; label: Label; votes: number }
  | { kind: "tie"; labels: Label[]; votes: number }
  | { kind: "none" };

// Weighted sums are floats: scores within this relative distance of the best count as tied.
const TOLERANCE = 1e-9;

function tally(winner: Int32Array): MajorityVote {
  let withMajority = 0;
  let ties = 0;
  for (const w of winner) {
    if (w >= 0) withMajority++;
    else if (w === TIE) ties++;
  }
  return { winner, withMajority, ties };
}

/** Plurality per unit from the count matrix, O(entries). */
export function majorityVote(m: CountMatrix): MajorityVote {
  const nUnits = m.total.length;
  const winner = new Int32Array(nUnits);
  for (let u = 0; u < nUnits; u++) {
    let best = 0;
    let top = NO_RATINGS;
    for (let e = m.start[u]!; e < m.start[u + 1]!; e++) {
      const n = m.count[e]!;
      if (n > best) {
        best = n;
        top = m.category[e]!;
      } else if (n === best) top = TIE;
    }
    winner[u] = top;
  }
  return tally(winner);
}

/** Plurality with a non-negative weight per rater (indexed by rater code). */
export function weightedMajorityVote(c: CodedRatings, weights: ArrayLike<number>): MajorityVote {
  if (weights.length !== c.raters.length) throw new RangeError(`expected ${c.raters.length} weights, got ${weights.length}`);
  for (let r = 0; r < weights.length; r++) {
    if (!(weights[r]! >= 0) || !Number.isFinite(weights[r]!)) throw new RangeError(`weight ${weights[r]} of rater "${c.raters[r]}" is not a non-negative number`);
  }
  const { offset, index } = groupByUnit(c);
  const score = new Float64Array(c.categories.length);
  const winner = new Int32Array(c.units.length);
  for (let u = 0; u < c.units.length; u++) {
    for (let j = offset[u]!; j < offset[u + 1]!; j++) score[c.label[index[j]!]!]! += weights[c.rater[index[j]!]!]!;
    let best = 0;
    for (let j = offset[u]!; j < offset[u + 1]!; j++) best = Math.max(best, score[c.label[index[j]!]!]!);
    let top = NO_RATINGS;
    if (best > 0) {
      for (let j = offset[u]!; j < offset[u + 1]!; j++) {
        const k = c.label[index[j]!]!;
        if (best - score[k]! <= TOLERANCE * best && k !== top) top = top === NO_RATINGS ? k : TIE;
      }
    }
    for (let j = offset[u]!; j < offset[u + 1]!; j++) score[c.label[index[j]!]!] = 0;
    winner[u] = top;
  }
  return tally(winner);
}

/** One unit's vote over plain labels, with optional weights (same order as labels). */
export function majorityOf(labels: readonly Label[], weights?: readonly number[]): MajorityOutcome {
  if (weights && weights.length !== labels.length) throw new RangeError("labels and weights differ in length");
  const score = new Map<Label, number>();
  labels.forEach((l, i) => score.set(l, (score.get(l) ?? 0) + (weights ? weights[i]! : 1)));
  const best = Math.max(0, ...score.values());
  if (best <= 0) return { kind: "none" };
  const top = [...score].filter(([, s]) => best - s <= TOLERANCE * best).map(([l]) => l);
  return top.length === 1 ? { kind: "majority", label: top[0]!, votes: best } : { kind: "tie", labels: top, votes: best };
}

/** Unit u's vote from the count matrix, naming the tied labels when there is a tie. */
export function majorityOutcome(m: CountMatrix, u: number): MajorityOutcome {
  let best = 0;
  for (let e = m.start[u]!; e < m.start[u + 1]!; e++) best = Math.max(best, m.count[e]!);
  if (best === 0) return { kind: "none" };
  const top: Label[] = [];
  for (let e = m.start[u]!; e < m.start[u + 1]!; e++) if (m.count[e] === best) top.push(m.categories[m.category[e]!]!);
  return top.length === 1 ? { kind: "majority", label: top[0]!, votes: best } : { kind: "tie", labels: top, votes: best };
}
