// Dawid & Skene (1979, "Maximum likelihood estimation of observer error-rates using the EM algorithm",
// JRSS C 28:20): each rater r has a confusion matrix π_r[k][l] = P(says l | true class k); class priors p_k.
// E-step: T_uk ∝ p_k Π_{(r,l) on u} π_r[k][l]; M-step: p_k = mean_u T_uk, π_r[k][l] ∝ s + Σ T_uk over r's
// ratings l (s = additive smoothing so no log 0). Starts from the soft majority vote; gold units stay fixed.
import { groupByUnit } from "./counts";
import type { CodedRatings } from "./encode";
import { TIE } from "./majority";
import { missing, type Label, type Result } from "./types";

export interface DawidSkeneOptions {
  maxIterations?: number;
  /** Stop when no posterior probability moves by more than this in one iteration. */
  tolerance?: number;
  smoothing?: number;
  /** Known true labels by unit id: these units keep a one-hot posterior. */
  gold?: ReadonlyMap<string, Label>;
}

export interface DawidSkeneModel {
  categories: readonly Label[];
  /** units × K, row-major: posterior[u * K + k] = P(unit u is in category k). */
  posterior: Float64Array;
  /** Most probable category per unit, or TIE when the top posteriors are equal. */
  labels: Int32Array;
  /** Per rater (index as in `raters`), K × K row-major; row = true class, column = given label. */
  confusion: Float64Array[];
  priors: Float64Array;
  iterations: number;
  converged: boolean;
  logLikelihood: number;
}

export function dawidSkene(c: CodedRatings, options: DawidSkeneOptions = {}): Result<DawidSkeneModel> {
  const { maxIterations = 100, tolerance = 1e-6, smoothing = 0.01, gold = new Map<string, Label>() } = options;
  const K = c.categories.length;
  const U = c.units.length;
  const R = c.raters.length;
  if (c.unit.length === 0) return missing("no ratings");
  if (K < 2) return missing("only one category, so there is nothing to estimate");
  const { offset, index } = groupByUnit(c);
  const isGold = new Uint8Array(U);
  const T = new Float64Array(U * K);
  for (let u = 0; u < U; u++) {
    const n = offset[u + 1]! - offset[u]!;
    for (let j = offset[u]!; j < offset[u + 1]!; j++) T[u * K + c.label[index[j]!]!]! += 1 / n;
  }
  const unitIndex = new Map(c.units.map((id, u) => [id, u]));
  for (const [id, label] of gold) {
    const u = unitIndex.get(id);
    const k = c.categories.indexOf(label);
    if (u === undefined) return missing(`gold unit "${id}" has no ratings`);
    if (k < 0) return missing(`gold label "${String(label)}" of unit "${id}" is not one of the categories`);
    isGold[u] = 1;
    T.fill(0, u * K, u * K + K);
    T[u * K + k] = 1;
  }

  const priors = new Float64Array(K);
  const pi = new Float64Array(R * K * K);
  const logPi = new Float64Array(R * K * K);
  const logT = new Float64Array(K);
  let iterations = 0;
  let converged = false;
  let logLikelihood = 0;
  while (iterations < maxIterations && !converged) {
    iterations++;
    // M-step
    priors.fill(0);
    for (let i = 0; i < T.length; i++) priors[i % K]! += T[i]! / U;
    pi.fill(smoothing);
    for (let i = 0; i < c.unit.length; i++) {
      const base = c.rater[i]! * K * K + c.label[i]!;
      for (let k = 0; k < K; k++) pi[base + k * K]! += T[c.unit[i]! * K + k]!;
    }
    for (let row = 0; row < R * K; row++) {
      let sum = 0;
      for (let l = 0; l < K; l++) sum += pi[row * K + l]!;
      for (let l = 0; l < K; l++) {
        pi[row * K + l] = sum > 0 ? pi[row * K + l]! / sum : 1 / K;
        logPi[row * K + l] = Math.log(pi[row * K + l]!);
      }
    }
    // E-step
    let change = 0;
    logLikelihood = 0;
    for (let u = 0; u < U; u++) {
      for (let k = 0; k < K; k++) logT[k] = Math.log(priors[k]!);
      for (let j = offset[u]!; j < offset[u + 1]!; j++) {
        const base = c.rater[index[j]!]! * K * K + c.label[index[j]!]!;
        for (let k = 0; k < K; k++) logT[k]! += logPi[base + k * K]!;
      }
      if (isGold[u]) {
        for (let k = 0; k < K; k++) if (T[u * K + k] === 1) logLikelihood += logT[k]!;
        continue;
      }
      let max = -Infinity;
      for (let k = 0; k < K; k++) max = Math.max(max, logT[k]!);
      let sum = 0;
      for (let k = 0; k < K; k++) sum += Math.exp(logT[k]! - max);
      logLikelihood += max + Math.log(sum);
      for (let k = 0; k < K; k++) {
        const t = Math.exp(logT[k]! - max) / sum;
        change = Math.max(change, Math.abs(t - T[u * K + k]!));
        T[u * K + k] = t;
      }
    }
    converged = change < tolerance;
  }

  const labels = new Int32Array(U);
  for (let u = 0; u < U; u++) {
    let best = 0;
    for (let k = 1; k < K; k++) if (T[u * K + k]! > T[u * K + best]!) best = k;
    let tied = false;
    for (let k = 0; k < K; k++) if (k !== best && T[u * K + best]! - T[u * K + k]! < 1e-12) tied = true;
    labels[u] = tied ? TIE : best;
  }
  const confusion = Array.from({ length: R }, (_, r) => pi.slice(r * K * K, (r + 1) * K * K));
  return { value: { categories: c.categories, posterior: T, labels, confusion, priors, iterations, converged, logLikelihood } };
}
