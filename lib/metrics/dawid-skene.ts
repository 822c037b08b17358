// Dawid & Skene (1979, "Maximum likelihood estimation of observer error-rates using the EM algorithm",
// JRSS C 28:20): each rater r has a confusion matrix π_r[k][l] = P(says l | true class k); class priors p_k.
// EM (steps in ./dawid-skene-em) from several starts, keeping the one with the best (smoothed) likelihood:
// start 0 is the soft majority vote (DS §3.1, as crowd-kit does); the others begin from random confusion
// matrices whose diagonal is at least 0.5 (raters better than chance, so no start converges to a relabelled
// copy of the same solution). A start has converged when one iteration moves the log-likelihood by less
// than `tolerance` per rating. Reported parameters and posteriors belong together: T = E-step(priors, π).
import { emData, emptyParams, eStep, mStep, smoothingPenalty, type EmData, type EmParams } from "./dawid-skene-em";
import type { CodedRatings } from "./encode";
import { TIE } from "./majority";
import { seededRandom } from "./random";
import { missing, type Label, type Result } from "./types";

export interface DawidSkeneOptions {
  /** EM iterations (E-steps) per start. */
  maxIterations?: number;
  /** Converged when an iteration changes the log-likelihood by less than this, per rating. */
  tolerance?: number;
  /** Pseudo-count added to every confusion cell (a Dirichlet(1 + s) prior), so no estimate is exactly 0.
   *  0 gives the plain maximum-likelihood estimate of the paper. */
  smoothing?: number;
  /** Known true labels by unit id: these units keep a one-hot posterior. */
  gold?: ReadonlyMap<string, Label>;
  /** Number of starts (the first is the majority vote). */
  starts?: number;
  /** Seed of the random starts: the same seed gives the same model. */
  seed?: number;
}

export interface DawidSkeneModel {
  categories: readonly Label[];
  /** Unit ids; `labels[u]` and posterior row u belong to `units[u]`. */
  units: readonly string[];
  /** units × K, row-major: posterior[u * K + k] = P(unit u is in category k). */
  posterior: Float64Array;
  /** Most probable category per unit, or TIE when the top posteriors are equal. */
  labels: Int32Array;
  /** Per rater (index as in `raters`), K × K row-major; row = true class, column = given label. */
  confusion: Float64Array[];
  priors: Float64Array;
  /** Of the start kept. */
  iterations: number;
  converged: boolean;
  logLikelihood: number;
  /** Starts run, and which one was kept (0 = the majority-vote start). */
  starts: number;
  bestStart: number;
}

interface Fit extends EmParams {
  T: Float64Array;
  iterations: number;
  converged: boolean;
  logLikelihood: number;
  objective: number;
}

/** A later start must beat the best by this relative margin, so rounding never swaps equal optima. */
const BETTER = 1e-9;

function run(d: EmData, T: Float64Array, o: Required<Omit<DawidSkeneOptions, "gold" | "seed" | "starts">>): Fit {
  const p = emptyParams(d);
  let iterations = 0;
  let converged = false;
  let logLikelihood = 0;
  let objective = -Infinity;
  while (iterations < o.maxIterations && !converged) {
    iterations++;
    mStep(d, T, o.smoothing, p);
    logLikelihood = eStep(d, p, T);
    const next = logLikelihood + smoothingPenalty(p, o.smoothing);
    converged = Math.abs(next - objective) < o.tolerance * d.N;
    objective = next;
  }
  return { ...p, T, iterations, converged, logLikelihood, objective };
}

function majorityStart(d: EmData): Float64Array {
  const T = new Float64Array(d.U * d.K);
  for (let u = 0; u < d.U; u++) {
    const n = d.offset[u + 1]! - d.offset[u]!;
    for (let j = d.offset[u]!; j < d.offset[u + 1]!; j++) T[u * d.K + d.c.label[d.index[j]!]!]! += 1 / n;
  }
  return T;
}

function randomStart(d: EmData, random: () => number): Float64Array {
  const { K } = d;
  const p = emptyParams(d);
  p.priors.fill(1 / K);
  for (let row = 0; row < d.R * K; row++) {
    const k = row % K;
    const diagonal = 0.5 + 0.45 * random();
    const off = Array.from({ length: K }, (_, l) => (l === k ? 0 : 0.05 + random()));
    const rest = off.reduce((s, x) => s + x, 0);
    for (let l = 0; l < K; l++) p.pi[row * K + l] = l === k ? diagonal : ((1 - diagonal) * off[l]!) / rest;
  }
  const T = new Float64Array(d.U * K);
  eStep(d, p, T);
  return T;
}

function labelsOf(T: Float64Array, U: number, K: number): Int32Array {
  const labels = new Int32Array(U);
  for (let u = 0; u < U; u++) {
    let best = 0;
    for (let k = 1; k < K; k++) if (T[u * K + k]! > T[u * K + best]!) best = k;
    let tied = false;
    for (let k = 0; k < K; k++) if (k !== best && T[u * K + best]! - T[u * K + k]! < 1e-12) tied = true;
    labels[u] = tied ? TIE : best;
  }
  return labels;
}

export function dawidSkene(c: CodedRatings, options: DawidSkeneOptions = {}): Result<DawidSkeneModel> {
  const { maxIterations = 1000, tolerance = 1e-10, smoothing = 0.01, gold = new Map<string, Label>(), starts = 10, seed = 1 } = options;
  if (!Number.isInteger(starts) || starts < 1) throw new RangeError(`starts must be a positive integer, got ${starts}`);
  if (!Number.isInteger(maxIterations) || maxIterations < 1) throw new RangeError(`maxIterations must be a positive integer, got ${maxIterations}`);
  if (!(smoothing >= 0) || !(tolerance >= 0)) throw new RangeError("smoothing and tolerance must be non-negative");
  const K = c.categories.length;
  if (c.unit.length === 0) return missing("no ratings");
  if (K < 2) return missing("only one category, so there is nothing to estimate");
  const goldOf = new Int32Array(c.units.length).fill(-1);
  const unitIndex = new Map(c.units.map((id, u) => [id, u]));
  for (const [id, label] of gold) {
    const u = unitIndex.get(id);
    const k = c.categories.indexOf(label);
    if (u === undefined) return missing(`gold unit "${id}" has no ratings`);
    if (k < 0) return missing(`gold label "${String(label)}" of unit "${id}" is not one of the categories`);
    goldOf[u] = k;
  }
  const d = emData(c, goldOf);
  const settings = { maxIterations, tolerance, smoothing };
  const random = seededRandom(seed);
  let best = run(d, withGold(d, majorityStart(d)), settings);
  let bestStart = 0;
  for (let s = 1; s < starts; s++) {
    const fit = run(d, randomStart(d, random), settings);
    if (fit.objective > best.objective + BETTER * Math.max(1, Math.abs(best.objective))) {
      best = fit;
      bestStart = s;
    }
  }
  const confusion = Array.from({ length: d.R }, (_, r) => best.pi.slice(r * K * K, (r + 1) * K * K));
  return {
    value: {
      categories: c.categories,
      units: c.units,
      posterior: best.T,
      labels: labelsOf(best.T, d.U, K),
      confusion,
      priors: best.priors,
      iterations: best.iterations,
      converged: best.converged,
      logLikelihood: best.logLikelihood,
      starts,
      bestStart,
    },
  };
}

function withGold(d: EmData, T: Float64Array): Float64Array {
  for (let u = 0; u < d.U; u++) {
    const g = d.gold[u]!;
    if (g < 0) continue;
    T.fill(0, u * d.K, u * d.K + d.K);
    T[u * d.K + g] = 1;
  }
  return T;
}
