// Krippendorff's α via the coincidence matrix (Krippendorff 2011, "Computing Krippendorff's
// Alpha-Reliability", Annenberg School): α = 1 − (n − 1) Σ_ck o_ck δ²_ck / Σ_ck n_c n_k δ²_ck, where
// o_ck = Σ_u (pairs c–k in unit u) / (m_u − 1) over units with m_u ≥ 2 values, n_c = Σ_k o_ck, n = Σ n_c.
// Metric differences δ²: nominal [c ≠ k]; ordinal (Σ_{g=c..k} n_g − (n_c + n_k)/2)²; interval (c − k)²;
// ratio ((c − k)/(c + k))². Missing values are simply absent; units with one value drop out.
import { categoryTotals, type CountMatrix } from "./counts";
import { checked, missing, type Result } from "./types";

export type AlphaLevel = "nominal" | "ordinal" | "interval" | "ratio";
export const ALPHA_LEVELS: readonly AlphaLevel[] = ["nominal", "ordinal", "interval", "ratio"];

type Delta = (c: number, k: number) => number;

function numericValues(m: CountMatrix, level: AlphaLevel): Float64Array | string {
  const values = new Float64Array(m.categories.length);
  for (let k = 0; k < values.length; k++) {
    const v = m.categories[k];
    if (typeof v !== "number" || !Number.isFinite(v)) return `${level} α needs numeric labels; "${String(v)}" is not a number`;
    if (level === "ratio" && v < 0) return `ratio α needs non-negative values; got ${v}`;
    values[k] = v;
  }
  return values;
}

function ordinalDelta(values: Float64Array, nc: Float64Array): Delta {
  const order = Array.from(values.keys()).sort((a, b) => values[a]! - values[b]!);
  const rank = new Int32Array(values.length);
  const cum = new Float64Array(values.length + 1); // cum[r + 1] = Σ n_g over ranks ≤ r
  order.forEach((k, r) => {
    rank[k] = r;
    cum[r + 1] = cum[r]! + nc[k]!;
  });
  return (c, k) => {
    const [lo, hi] = rank[c]! < rank[k]! ? [rank[c]!, rank[k]!] : [rank[k]!, rank[c]!];
    const d = cum[hi + 1]! - cum[lo]! - (nc[c]! + nc[k]!) / 2;
    return d * d;
  };
}

function metricDelta(level: Exclude<AlphaLevel, "nominal">, values: Float64Array, nc: Float64Array): Delta {
  if (level === "ordinal") return ordinalDelta(values, nc);
  if (level === "interval") return (c, k) => (values[c]! - values[k]!) ** 2;
  return (c, k) => {
    const sum = values[c]! + values[k]!;
    return sum === 0 ? 0 : ((values[c]! - values[k]!) / sum) ** 2;
  };
}

/** Σ_ck o_ck δ²_ck, unit by unit (ordered pairs of distinct values within a unit). */
function observedSum(m: CountMatrix, delta: Delta | null): number {
  let sum = 0;
  for (let u = 0; u < m.total.length; u++) {
    const mu = m.total[u]!;
    if (mu < 2) continue;
    const from = m.start[u]!;
    const to = m.start[u + 1]!;
    let pairs = 0;
    if (delta === null) {
      let same = 0;
      for (let e = from; e < to; e++) same += m.count[e]! * m.count[e]!;
      pairs = mu * mu - same;
    } else {
      for (let e = from; e < to; e++) {
        for (let f = e + 1; f < to; f++) pairs += 2 * m.count[e]! * m.count[f]! * delta(m.category[e]!, m.category[f]!);
      }
    }
    sum += pairs / (mu - 1);
  }
  return sum;
}

/** Σ_ck n_c n_k δ²_ck over the pairable values' marginals. */
function expectedSum(level: AlphaLevel, nc: Float64Array, n: number, values: Float64Array | null, delta: Delta | null): number {
  if (delta === null || values === null) {
    let same = 0;
    for (const x of nc) same += x * x;
    return n * n - same;
  }
  if (level === "interval") {
    // Σ_ck n_c n_k (v_c − v_k)² = 2n Σ_c n_c (v_c − v̄)², centred to avoid cancellation
    let mean = 0;
    nc.forEach((x, k) => (mean += x * values[k]!));
    mean /= n;
    let ss = 0;
    nc.forEach((x, k) => (ss += x * (values[k]! - mean) ** 2));
    return 2 * n * ss;
  }
  const used = Array.from(nc.keys()).filter((k) => nc[k]! > 0);
  let sum = 0;
  for (let a = 0; a < used.length; a++) {
    for (let b = a + 1; b < used.length; b++) sum += 2 * nc[used[a]!]! * nc[used[b]!]! * delta(used[a]!, used[b]!);
  }
  return sum;
}

export function krippendorffAlpha(m: CountMatrix, level: AlphaLevel = "nominal"): Result {
  if (m.total.length === 0) return missing("no ratings");
  const nc = categoryTotals(m, 2);
  let n = 0;
  let used = 0;
  for (const x of nc) {
    n += x;
    if (x > 0) used++;
  }
  if (n === 0) return missing("no unit has two or more ratings (a single rater?)");
  if (used < 2) return missing("all pairable values are the same, so expected disagreement is 0 and α is undefined");
  let values: Float64Array | null = null;
  let delta: Delta | null = null;
  if (level !== "nominal") {
    const v = numericValues(m, level);
    if (typeof v === "string") return missing(v);
    values = v;
    delta = metricDelta(level, v, nc);
  }
  const expected = expectedSum(level, nc, n, values, delta);
  return checked(1 - ((n - 1) * observedSum(m, delta)) / expected, "α is undefined for this input");
}
