// Percentile bootstrap (Efron & Tibshirani 1993, ch. 13) for a mean of per-unit values: resample units
// with replacement `resamples` times from a seeded generator; the CI is the (α/2, 1 − α/2) quantiles
// (linear interpolation, Hyndman–Fan type 7) of the resampled means.
import { seededRandom } from "./random";
import { missing, type Result } from "./types";

export interface BootstrapOptions {
  seed?: number;
  resamples?: number;
  confidence?: number;
}

export type BootstrapInterval = Result<number, { lower: number; upper: number; resamples: number }>;

function quantile(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export function bootstrapMean(values: ArrayLike<number>, options: BootstrapOptions = {}): BootstrapInterval {
  const { seed = 1, resamples = 2000, confidence = 0.95 } = options;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const n = values.length;
  if (n === 0) return missing("no values");
  if (n === 1) return missing("a bootstrap needs at least two units");
  let sum = 0;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(values[i]!)) return missing(`value ${i} is not a finite number`);
    sum += values[i]!;
  }
  const random = seededRandom(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += values[Math.floor(random() * n)]!;
    means[r] = s / n;
  }
  means.sort();
  const tail = (1 - confidence) / 2;
  return { value: sum / n, lower: quantile(means, tail), upper: quantile(means, 1 - tail), resamples };
}
