// Standard normal distribution to near double precision, for interval and p-value formulas.

const SQRT_PI = Math.sqrt(Math.PI);

/** erfc: positive-term series erf(x) = 2/√π e^{−x²} Σ 2^n x^{2n+1} / (2n+1)!! below 2 (Abramowitz &
 *  Stegun 7.1.6), the continued fraction of A&S 7.1.14 (modified Lentz) from 2 up. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 2) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 200 && term > 1e-17 * sum; n++) {
      term *= (2 * x * x) / (2 * n + 1);
      sum += term;
    }
    return 1 - ((2 / SQRT_PI) * Math.exp(-x * x) * sum);
  }
  if (x > 27) return 0;
  // erfc(x) = e^{−x²}/√π · 1 / (x + (1/2) / (x + 1 / (x + (3/2) / (x + ...))))
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? 1 / tiny : 1 / d;
    c = x + a / c;
    if (Math.abs(c) < tiny) c = tiny;
    const step = c * d;
    f *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / SQRT_PI / f;
}

/** Φ(z) = erfc(−z/√2) / 2. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

// Acklam's rational approximation (relative error 1.15e-9), then Halley steps on normalCdf.
const A = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const B = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const C = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549671479972180, 4.374664141464968, 2.938163982698783];
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];

function poly(coef: number[], x: number): number {
  return coef.reduce((acc, c) => acc * x + c, 0);
}

/** z with Φ(z) = p, for 0 < p < 1. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  let x: number;
  if (p < 0.02425 || p > 1 - 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p < 0.5 ? p : 1 - p));
    x = poly(C, q) / (poly(D, q) * q + 1);
    if (p > 0.5) x = -x;
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = (poly(A, r) * q) / (poly(B, r) * r + 1);
  }
  for (let i = 0; i < 2; i++) {
    const e = normalCdf(x) - p;
    const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
    x -= u / (1 + (x * u) / 2);
  }
  return x;
}

/** z with a two-sided `confidence` between ±z (1.959964 for 0.95). */
export function twoSidedZ(confidence: number): number {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  return normalQuantile(1 - (1 - confidence) / 2);
}
