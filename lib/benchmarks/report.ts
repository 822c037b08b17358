import type { Gold, QuestionKind, ScoringRule, TagValue } from "@/lib/benchmarks/types";
import { accuracy } from "@/lib/metrics";

// Shared shapes and grouping helpers for the benchmarks' summaries. Every summary has the same
// JSON-able structure (tables of rows with n, correct, accuracy and a Wilson interval), so the UI
// renders any benchmark's tables the same way. Answers that are not machine-scored (free text
// judged by people) are counted in `unscored`, never as wrong. This module knows nothing of the
// scoring contract (lib/benchmarks/scoring.ts imports it, not the other way round).

/** The stored question, as much of it as scoring and the tables need. */
export interface ReportQuestion {
  kind: QuestionKind;
  gold: Gold;
  scoring: ScoringRule;
  options?: string[];
  tags: Record<string, TagValue>;
  groupKeys: Record<string, string>;
  sourceId: string;
  position: number;
}

export interface ReportRow {
  group: Record<string, string>;
  /** what one counted item is: "question", or "set" for FANToM's All scores */
  unit: string;
  /** scored items */
  n: number;
  correct: number;
  /** correct / n; null when n is 0 */
  accuracy: number | null;
  /** 95% Wilson score interval; null when n is 0 */
  ci: [number, number] | null;
  /** items in this group that are not machine-scored (free text) */
  unscored: number;
}

export interface ReportTable {
  id: string;
  title: string;
  rows: ReportRow[];
  note?: string;
}

/** A difference between two rows, e.g. CharToM read − not read at one window. */
export interface ReportComparison {
  id: string;
  title: string;
  a: Record<string, string>;
  b: Record<string, string>;
  method: string;
  /** a − b in accuracy; null when either side is empty */
  difference: number | null;
  ci: [number, number] | null;
  /** two-sided p-value when the method is a test */
  p?: number | null;
  reason?: string;
}

/** What a table counts: a question and whether its answer was right (null: not machine-scored). */
export interface TableItem {
  question: ReportQuestion;
  score: { correct: boolean | null };
  /** equal answers this item stands for (the dashboard groups them in SQL); 1 when absent */
  count?: number;
}

/** How many answers some items stand for. */
export function answerCount(items: readonly Pick<TableItem, "count">[]): number {
  let n = 0;
  for (const item of items) n += item.count ?? 1;
  return n;
}

/** A row from counts, with the Wilson interval from lib/metrics. */
function countRow(group: Record<string, string>, correct: number, n: number, unscored = 0, unit = "question"): ReportRow {
  const a = accuracy(correct, n);
  return {
    group,
    unit,
    n,
    correct,
    accuracy: a.value,
    ci: a.value === null ? null : [a.lower, a.upper],
    unscored,
  };
}

/** A row over some items: scored ones count, the others go to `unscored`. */
export function itemsRow(group: Record<string, string>, items: readonly TableItem[], unit = "question"): ReportRow {
  let n = 0;
  let correct = 0;
  let unscored = 0;
  for (const item of items) {
    const count = item.count ?? 1;
    if (item.score.correct === null) unscored += count;
    else {
      n += count;
      if (item.score.correct) correct += count;
    }
  }
  return countRow(group, correct, n, unscored, unit);
}

/** A row from booleans, one per counted unit (FANToM's All scores count sets). */
export function booleansRow(group: Record<string, string>, values: readonly boolean[], unit: string): ReportRow {
  return countRow(group, values.filter(Boolean).length, values.length, 0, unit);
}

/** How to read one grouping dimension off an item; null/undefined leaves the item out. */
export type Dimension<T> = (item: T) => string | null | undefined;

/** Orders values: the listed ones first in that order, then the rest alphabetically. */
export function sortValues(values: Iterable<string>, order: readonly string[] | undefined): string[] {
  const rank = (v: string) => {
    const i = order ? order.indexOf(v) : -1;
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...new Set(values)].sort((x, y) => rank(x) - rank(y) || x.localeCompare(y));
}

/** One row per combination of dimension values that occurs, in a stable order. */
export function tabulate<T extends TableItem>(
  items: readonly T[],
  by: Record<string, Dimension<T>>,
  options: { order?: Record<string, readonly string[]>; unit?: string } = {},
): ReportRow[] {
  const names = Object.keys(by);
  const buckets = new Map<string, { values: string[]; items: T[] }>();
  for (const item of items) {
    const values: string[] = [];
    for (const name of names) {
      const v = by[name]!(item);
      if (v === null || v === undefined) break;
      values.push(v);
    }
    if (values.length < names.length) continue;
    const key = JSON.stringify(values);
    const bucket = buckets.get(key) ?? { values, items: [] };
    bucket.items.push(item);
    buckets.set(key, bucket);
  }
  const seen = names.map((name, i) => sortValues([...buckets.values()].map((b) => b.values[i]!), options.order?.[name]));
  const rank = (b: { values: string[] }) => b.values.map((v, i) => seen[i]!.indexOf(v));
  const sorted = [...buckets.values()].sort((x, y) => {
    const rx = rank(x);
    const ry = rank(y);
    for (let i = 0; i < rx.length; i++) if (rx[i] !== ry[i]) return rx[i]! - ry[i]!;
    return 0;
  });
  return sorted.map((b) => itemsRow(Object.fromEntries(names.map((n, i) => [n, b.values[i]!])), b.items, options.unit));
}

/** A tag as a group label: booleans and numbers as text, absent as null. */
export function tagText(q: Pick<ReportQuestion, "tags">, name: string): string | null {
  const v = q.tags[name];
  if (v === null || v === undefined || v === "") return null;
  return String(v);
}

/** A tag read as a boolean: true/false, "true"/"false", "True"/"False", 1/0. */
export function tagBool(q: Pick<ReportQuestion, "tags">, name: string): boolean | null {
  const v = q.tags[name];
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v === 1 ? true : v === 0 ? false : null;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (s === "true" || s === "1" || s === "yes") return true;
    if (s === "false" || s === "0" || s === "no") return false;
  }
  return null;
}

/** A question's identity across answers: its source record and position in it. */
export function questionKey(q: Pick<ReportQuestion, "sourceId" | "position">): string {
  return `${q.sourceId}\u0000${q.position}`;
}
