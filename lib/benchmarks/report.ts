import { scoreAnswer, type Score } from "@/lib/benchmarks/score";
import type { BenchmarkName, Gold, QuestionKind, ScoringRule, TagValue } from "@/lib/benchmarks/types";
import { accuracy } from "@/lib/metrics";

// Shared shapes and grouping helpers for the per-benchmark reports. Every report has the same
// JSON-able structure (tables of rows with n, correct, accuracy and a Wilson interval), so the UI
// renders any benchmark's report the same way. Free-text items are counted in `unscored`, never as
// wrong.

/** The stored question, as much of it as a report needs. */
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

export interface ResultInput {
  question: ReportQuestion;
  answer: unknown;
  /** participant group, e.g. CharToM "read" / "not read" */
  group?: string;
  /** the context window or view answered under, e.g. CharToM "c0" / "c2000" */
  window?: string;
  /** who answered; set-level scores ("All") and paired comparisons are per respondent */
  respondent?: string;
}

export interface ScoredResult extends ResultInput {
  score: Score;
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

export interface BenchmarkReport {
  benchmark: BenchmarkName;
  tables: ReportTable[];
  comparisons: ReportComparison[];
  /** all results given, scored or not */
  total: number;
  /** results that are not machine-scored (free text), counted apart */
  unscored: number;
  notes: string[];
}

export function scoreResults(results: readonly ResultInput[]): ScoredResult[] {
  return results.map((r) => ({ ...r, score: scoreAnswer(r.question, r.answer) }));
}

export function isCorrect(r: ScoredResult): boolean {
  return r.score.scored && r.score.correct;
}

/** A row from counts, with the Wilson interval from lib/metrics. */
export function countRow(group: Record<string, string>, correct: number, n: number, unscored = 0, unit = "question"): ReportRow {
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

/** A row over some results: scored ones count, free-text ones go to `unscored`. */
export function resultsRow(group: Record<string, string>, results: readonly ScoredResult[], unit = "question"): ReportRow {
  let n = 0;
  let correct = 0;
  let unscored = 0;
  for (const r of results) {
    if (!r.score.scored) unscored++;
    else {
      n++;
      if (r.score.correct) correct++;
    }
  }
  return countRow(group, correct, n, unscored, unit);
}

/** How to read one grouping dimension off a result; null/undefined leaves the result out. */
export type Dimension = (r: ScoredResult) => string | null | undefined;

/** Orders values: the listed ones first in that order, then the rest alphabetically. */
function sortValues(values: string[], order: readonly string[] | undefined): string[] {
  const rank = (v: string) => {
    const i = order ? order.indexOf(v) : -1;
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...values].sort((x, y) => rank(x) - rank(y) || x.localeCompare(y));
}

/** One row per combination of dimension values that occurs, in a stable order. */
export function tabulate(
  results: readonly ScoredResult[],
  by: Record<string, Dimension>,
  options: { order?: Record<string, readonly string[]>; unit?: string } = {},
): ReportRow[] {
  const names = Object.keys(by);
  const buckets = new Map<string, { values: string[]; items: ScoredResult[] }>();
  for (const r of results) {
    const values: string[] = [];
    let keep = true;
    for (const name of names) {
      const v = by[name]!(r);
      if (v === null || v === undefined) {
        keep = false;
        break;
      }
      values.push(v);
    }
    if (!keep) continue;
    const key = JSON.stringify(values);
    const bucket = buckets.get(key) ?? { values, items: [] };
    bucket.items.push(r);
    buckets.set(key, bucket);
  }
  const seen = names.map((_, i) => sortValues([...new Set([...buckets.values()].map((b) => b.values[i]!))], options.order?.[names[i]!]));
  const rank = (b: { values: string[] }) => b.values.map((v, i) => seen[i]!.indexOf(v));
  const sorted = [...buckets.values()].sort((x, y) => {
    const rx = rank(x);
    const ry = rank(y);
    for (let i = 0; i < rx.length; i++) if (rx[i] !== ry[i]) return rx[i]! - ry[i]!;
    return 0;
  });
  return sorted.map((b) => resultsRow(Object.fromEntries(names.map((n, i) => [n, b.values[i]!])), b.items, options.unit));
}

/** A tag as a group label: booleans and numbers as text, absent as null. */
export function tagText(r: ScoredResult, name: string): string | null {
  const v = r.question.tags[name];
  if (v === null || v === undefined) return null;
  return String(v);
}

/** A tag read as a boolean: true/false, "true"/"false", "True"/"False", 1/0. */
export function tagBool(r: ScoredResult, name: string): boolean | null {
  const v = r.question.tags[name];
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v === 1 ? true : v === 0 ? false : null;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (s === "true" || s === "1" || s === "yes") return true;
    if (s === "false" || s === "0" || s === "no") return false;
  }
  return null;
}

/** A question's identity across results: its source record and position in it. */
export function questionKey(r: ResultInput): string {
  return `${r.question.sourceId}\u0000${r.question.position}`;
}

/** Totals every report carries. */
export function totals(scored: readonly ScoredResult[]): Pick<BenchmarkReport, "total" | "unscored"> {
  return { total: scored.length, unscored: scored.filter((r) => !r.score.scored).length };
}

/** Overall accuracy and accuracy per question kind: the report for a benchmark with no paper layout. */
export function genericReport(results: readonly ResultInput[], benchmark: BenchmarkName = "generic"): BenchmarkReport {
  const scored = scoreResults(results);
  return {
    benchmark,
    tables: [
      { id: "overall", title: "All questions", rows: [resultsRow({ subset: "All" }, scored)] },
      { id: "by_kind", title: "By question kind", rows: tabulate(scored, { kind: (r) => r.question.kind }) },
    ],
    comparisons: [],
    ...totals(scored),
    notes: [],
  };
}
