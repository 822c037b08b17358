// The units × categories count matrix (n_uk = ratings of unit u in category k), stored sparsely
// (CSR) so that many distinct interval values cost no more than a few categories.
import { compareLabels, type CodedRatings } from "./encode";
import type { Label } from "./types";

export interface CountMatrix {
  categories: readonly Label[];
  /** Row u spans entries start[u] .. start[u+1]-1, in ascending category order. */
  start: Int32Array;
  category: Int32Array;
  count: Int32Array;
  /** Ratings per unit (n_u). */
  total: Int32Array;
}

/** Rating indices grouped by unit (counting sort): unit u's ratings are index[offset[u] .. offset[u+1]-1]. */
export function groupByUnit(c: CodedRatings): { offset: Int32Array; index: Int32Array } {
  const nUnits = c.units.length;
  const n = c.unit.length;
  const offset = new Int32Array(nUnits + 1);
  for (let i = 0; i < n; i++) offset[c.unit[i]! + 1]!++;
  for (let u = 0; u < nUnits; u++) offset[u + 1]! += offset[u]!;
  const fill = offset.slice(0, nUnits);
  const index = new Int32Array(n);
  for (let i = 0; i < n; i++) index[fill[c.unit[i]!]!++] = i;
  return { offset, index };
}

/** O(ratings): group by unit, then count each row in a scratch array. */
export function countMatrix(c: CodedRatings): CountMatrix {
  const nUnits = c.units.length;
  const n = c.unit.length;
  const { offset, index } = groupByUnit(c);
  const total = new Int32Array(nUnits);
  for (let u = 0; u < nUnits; u++) total[u] = offset[u + 1]! - offset[u]!;
  const scratch = new Int32Array(c.categories.length);
  const start = new Int32Array(nUnits + 1);
  const category = new Int32Array(n);
  const count = new Int32Array(n);
  let e = 0;
  for (let u = 0; u < nUnits; u++) {
    start[u] = e;
    const from = offset[u]!;
    const to = offset[u + 1]!;
    for (let j = from; j < to; j++) {
      const k = c.label[index[j]!]!;
      if (scratch[k] === 0) category[e++] = k;
      scratch[k]!++;
    }
    sortRow(category, start[u]!, e);
    for (let a = start[u]!; a < e; a++) {
      count[a] = scratch[category[a]!]!;
      scratch[category[a]!] = 0;
    }
  }
  start[nUnits] = e;
  return { categories: c.categories, start, category: category.slice(0, e), count: count.slice(0, e), total };
}

/** Rows are usually a handful of entries: insertion sort, typed-array sort for long rows. */
function sortRow(a: Int32Array, from: number, to: number): void {
  if (to - from > 16) {
    a.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const k = a[i]!;
    let j = i - 1;
    while (j >= from && a[j]! > k) a[j + 1] = a[j--]!;
    a[j + 1] = k;
  }
}

/** From a dense table, one row per unit and one column per category (as printed in papers). */
export function countMatrixFromRows(rows: readonly (readonly number[])[], categories?: readonly Label[]): CountMatrix {
  const width = categories?.length ?? rows.reduce((w, r) => Math.max(w, r.length), 0);
  const cats = categories ?? Array.from({ length: width }, (_, i) => i);
  const start = new Int32Array(rows.length + 1);
  const category: number[] = [];
  const count: number[] = [];
  const total = new Int32Array(rows.length);
  rows.forEach((row, u) => {
    if (row.length > width) throw new RangeError(`row ${u} has ${row.length} columns, expected ${width}`);
    row.forEach((n, k) => {
      if (!Number.isInteger(n) || n < 0) throw new RangeError(`row ${u}: count ${n} is not a non-negative integer`);
      if (n > 0) {
        category.push(k);
        count.push(n);
        total[u]! += n;
      }
    });
    start[u + 1] = category.length;
  });
  return { categories: cats, start, category: Int32Array.from(category), count: Int32Array.from(count), total };
}

/** Ratings per category over the units with at least `minRatings` ratings. */
export function categoryTotals(m: CountMatrix, minRatings = 1): Float64Array {
  const totals = new Float64Array(m.categories.length);
  for (let u = 0; u < m.total.length; u++) {
    if (m.total[u]! < minRatings) continue;
    for (let e = m.start[u]!; e < m.start[u + 1]!; e++) totals[m.category[e]!]! += m.count[e]!;
  }
  return totals;
}

/** The count matrix from per-unit counts already aggregated (e.g. GROUP BY in SQL): one record of
 *  label → count per unit. Categories are ordered as encodeRatings orders them (compareLabels). */
export function countMatrixOf(rows: readonly Readonly<Record<string, number>>[]): CountMatrix {
  const labels = new Set<string>();
  for (const r of rows) for (const l in r) if (r[l]! > 0) labels.add(l);
  const categories = [...labels].sort(compareLabels);
  const start = new Int32Array(rows.length + 1);
  const category: number[] = [];
  const count: number[] = [];
  const total = new Int32Array(rows.length);
  // a few categories, hundreds of thousands of rows (a million answers' checks): each row is read in
  // the categories' order, with nothing built per row
  for (let u = 0; u < rows.length; u++) {
    const r = rows[u]!;
    start[u] = category.length;
    for (let c = 0; c < categories.length; c++) {
      const label = categories[c]!;
      if (!Object.hasOwn(r, label)) continue;
      const n = r[label]!;
      if (!(n > 0)) continue;
      category.push(c);
      count.push(n);
      total[u]! += n;
    }
  }
  start[rows.length] = category.length;
  return { categories, start, category: Int32Array.from(category), count: Int32Array.from(count), total };
}
