// The E and M steps of Dawid & Skene (1979) on coded ratings, shared by every start of lib/metrics/dawid-skene.ts.
// M-step (DS eqs 2.3, 2.4): p_k = mean_u T_uk; π_r[k][l] ∝ s + Σ T_uk over r's ratings l of u (s = smoothing).
// E-step (DS eq 2.5): T_uk ∝ p_k Π_{(r,l) on u} π_r[k][l], in logs; gold units stay one-hot.
import { groupByUnit } from "./counts";
import type { CodedRatings } from "./encode";

/** Probabilities are floored here before a log, so a zero (smoothing 0) costs about −690, never −∞. */
const FLOOR = 1e-300;

export interface EmData {
  K: number;
  U: number;
  R: number;
  /** Ratings. */
  N: number;
  c: CodedRatings;
  offset: Int32Array;
  index: Int32Array;
  /** Category of a gold unit, −1 otherwise. */
  gold: Int32Array;
}

export interface EmParams {
  priors: Float64Array;
  /** R × K × K, row-major: pi[(r·K + k)·K + l] = P(rater r says l | true class k). */
  pi: Float64Array;
}

export function emData(c: CodedRatings, gold: Int32Array): EmData {
  const { offset, index } = groupByUnit(c);
  return { K: c.categories.length, U: c.units.length, R: c.raters.length, N: c.unit.length, c, offset, index, gold };
}

export function emptyParams(d: EmData): EmParams {
  return { priors: new Float64Array(d.K), pi: new Float64Array(d.R * d.K * d.K) };
}

export function mStep(d: EmData, T: Float64Array, smoothing: number, out: EmParams): void {
  const { K, U, c } = d;
  out.priors.fill(0);
  for (let i = 0; i < T.length; i++) out.priors[i % K]! += T[i]! / U;
  const pi = out.pi;
  pi.fill(smoothing);
  for (let i = 0; i < d.N; i++) {
    const base = c.rater[i]! * K * K + c.label[i]!;
    const t = c.unit[i]! * K;
    for (let k = 0; k < K; k++) pi[base + k * K]! += T[t + k]!;
  }
  for (let row = 0; row < d.R * K; row++) {
    let sum = 0;
    for (let l = 0; l < K; l++) sum += pi[row * K + l]!;
    // a class that no unit belongs to (possible with smoothing 0) gets an uninformative row
    for (let l = 0; l < K; l++) pi[row * K + l] = sum > 0 ? pi[row * K + l]! / sum : 1 / K;
  }
}

/** Fills T from the parameters and returns the observed-data log-likelihood Σ_u log Σ_k p_k Π π. */
export function eStep(d: EmData, p: EmParams, T: Float64Array): number {
  const { K, c } = d;
  const logPi = new Float64Array(p.pi.length);
  for (let i = 0; i < logPi.length; i++) logPi[i] = Math.log(Math.max(p.pi[i]!, FLOOR));
  const logT = new Float64Array(K);
  let logLikelihood = 0;
  for (let u = 0; u < d.U; u++) {
    for (let k = 0; k < K; k++) logT[k] = Math.log(Math.max(p.priors[k]!, FLOOR));
    for (let j = d.offset[u]!; j < d.offset[u + 1]!; j++) {
      const i = d.index[j]!;
      const base = c.rater[i]! * K * K + c.label[i]!;
      for (let k = 0; k < K; k++) logT[k]! += logPi[base + k * K]!;
    }
    const g = d.gold[u]!;
    if (g >= 0) {
      // the class is known: the unit contributes its complete-data likelihood
      logLikelihood += logT[g]!;
      T.fill(0, u * K, u * K + K);
      T[u * K + g] = 1;
      continue;
    }
    let max = -Infinity;
    for (let k = 0; k < K; k++) max = Math.max(max, logT[k]!);
    let sum = 0;
    for (let k = 0; k < K; k++) sum += Math.exp(logT[k]! - max);
    logLikelihood += max + Math.log(sum);
    for (let k = 0; k < K; k++) T[u * K + k] = Math.exp(logT[k]! - max) / sum;
  }
  return logLikelihood;
}

/** log of the Dirichlet(1 + s) prior that smoothing amounts to (up to a constant): EM maximises
 *  log-likelihood + this, so convergence and the choice between starts use the sum. */
export function smoothingPenalty(p: EmParams, smoothing: number): number {
  if (smoothing === 0) return 0;
  let sum = 0;
  for (const x of p.pi) sum += Math.log(Math.max(x, FLOOR));
  return smoothing * sum;
}
