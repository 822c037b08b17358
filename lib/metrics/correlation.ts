// Pearson's r and Spearman's ρ (Pearson's r of average ranks, so ties share the mean of their ranks), each
// with a confidence interval built on Fisher's z = atanh(r): tanh(z ± z_{1−α/2} · se). For r, se = 1/√(n − 3)
// (Fisher 1921). For ρ the default is Bonett & Wright's (2000, Psychometrika 65:23) se = √((1 + ρ²/2)/(n − 3)),
// which keeps coverage near nominal where plain Fisher z is too narrow; Fieller, Hartley & Pearson's (1957)
// √(1.06/(n − 3)) and plain Fisher are options.
import { twoSidedZ } from "./normal";
import { missing, type Result } from "./types";

export type Correlation = Result<number, { n: number; lower: number; upper: number }>;
export type SpearmanInterval = "bonett-wright" | "fieller" | "fisher";

export interface CorrelationOptions {
  confidence?: number;
}

/** 1-based ranks; tied values get the mean of the ranks they span. */
export function averageRanks(values: ArrayLike<number>): Float64Array {
  const order = Array.from({ length: values.length }, (_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Float64Array(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1]!] === values[order[i]!]) j++;
    for (let t = i; t <= j; t++) ranks[order[t]!] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return ranks;
}

function check(x: ArrayLike<number>, y: ArrayLike<number>): string | null {
  if (x.length !== y.length) throw new RangeError(`x has ${x.length} values and y ${y.length}`);
  for (let i = 0; i < x.length; i++) if (!Number.isFinite(x[i]!) || !Number.isFinite(y[i]!)) return `pair ${i} is not two finite numbers`;
  if (x.length < 4) return `a Fisher-z interval needs at least 4 pairs; there are ${x.length}`;
  return null;
}

const constant = (v: ArrayLike<number>) => Array.prototype.every.call(v, (a: number) => a === v[0]);

function r(x: ArrayLike<number>, y: ArrayLike<number>): number | string {
  const n = x.length;
  // tested on the values, not on the sums: a mean such as 0.1 summed in sixths leaves sxx at 1e-33,
  // and the "correlation" of a constant metric came out as -1e-16 with an interval of ±0.81
  if (constant(x) || constant(y)) return `${constant(x) ? "x" : "y"} is constant, so the correlation is undefined`;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]! / n;
    my += y[i]! / n;
  }
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return `${sxx === 0 ? "x" : "y"} is constant, so the correlation is undefined`;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

function withInterval(value: number, n: number, se: number, confidence: number): Correlation {
  const z = Math.atanh(value);
  const half = twoSidedZ(confidence) * se;
  return { value, n, lower: Math.tanh(z - half), upper: Math.tanh(z + half) };
}

export function pearson(x: ArrayLike<number>, y: ArrayLike<number>, options: CorrelationOptions = {}): Correlation {
  const problem = check(x, y);
  if (problem) return missing(problem);
  const value = r(x, y);
  if (typeof value === "string") return missing(value);
  return withInterval(value, x.length, 1 / Math.sqrt(x.length - 3), options.confidence ?? 0.95);
}

export function spearman(x: ArrayLike<number>, y: ArrayLike<number>, options: CorrelationOptions & { interval?: SpearmanInterval } = {}): Correlation {
  const problem = check(x, y);
  if (problem) return missing(problem);
  const value = r(averageRanks(x), averageRanks(y));
  if (typeof value === "string") return missing(value);
  const n = x.length;
  const interval = options.interval ?? "bonett-wright";
  const variance = interval === "bonett-wright" ? 1 + (value * value) / 2 : interval === "fieller" ? 1.06 : 1;
  return withInterval(value, n, Math.sqrt(variance / (n - 3)), options.confidence ?? 0.95);
}
