// Cohen's κ for two raters (Cohen 1960): κ = (p_o − p_e) / (1 − p_e). Weighted κ (Cohen 1968):
// κ_w = 1 − Σ v_ij o_ij / Σ v_ij e_ij, e_ij = row_i · col_j / N, with disagreement weights v_ij = |i − j|
// (linear) or (i − j)² (quadratic) on the categories' order in `categories`; unweighted v_ij = [i ≠ j].
import type { CodedRatings } from "./encode";
import { checked, missing, type Label, type Result } from "./types";

export type KappaWeights = "none" | "linear" | "quadratic";

/** K × K agreement table: counts[i * K + j] = units rater A put in category i and rater B in j. */
export interface PairTable {
  categories: readonly Label[];
  counts: Float64Array;
}

/** Table over the units both raters rated (rater codes as in `c.raters`). */
export function pairTable(c: CodedRatings, raterA = 0, raterB = 1): PairTable {
  const k = c.categories.length;
  const a = new Int32Array(c.units.length).fill(-1);
  const b = new Int32Array(c.units.length).fill(-1);
  for (let i = 0; i < c.unit.length; i++) {
    if (c.rater[i] === raterA) a[c.unit[i]!] = c.label[i]!;
    else if (c.rater[i] === raterB) b[c.unit[i]!] = c.label[i]!;
  }
  const counts = new Float64Array(k * k);
  for (let u = 0; u < a.length; u++) if (a[u]! >= 0 && b[u]! >= 0) counts[a[u]! * k + b[u]!]!++;
  return { categories: c.categories, counts };
}

/** From a square table as printed (rows: rater A, columns: rater B). */
export function pairTableFromRows(rows: readonly (readonly number[])[], categories?: readonly Label[]): PairTable {
  const k = rows.length;
  if (rows.some((r) => r.length !== k)) throw new RangeError("the table must be square");
  return { categories: categories ?? Array.from({ length: k }, (_, i) => i), counts: Float64Array.from(rows.flat()) };
}

export function cohenKappa(t: PairTable, weights: KappaWeights = "none"): Result {
  const k = t.categories.length;
  const row = new Float64Array(k);
  const col = new Float64Array(k);
  let total = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const x = t.counts[i * k + j]!;
      row[i]! += x;
      col[j]! += x;
      total += x;
    }
  }
  if (total === 0) return missing("no unit was rated by both raters");
  if (k < 2) return missing("only one category, so κ is undefined");
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const v = weights === "none" ? (i === j ? 0 : 1) : weights === "linear" ? Math.abs(i - j) : (i - j) ** 2;
      observed += v * t.counts[i * k + j]!;
      expected += (v * row[i]! * col[j]!) / total;
    }
  }
  if (expected <= 0) return missing("both raters used only the same single category, so chance agreement is 1 and κ is undefined");
  return checked(1 - observed / expected, "κ is undefined for this input");
}
