import { CHARTOM_DIMENSIONS, CHARTOM_GROUPS, CHARTOM_WINDOWS, chartomDimension, chartomIndirect } from "@/lib/benchmarks/chartom/score";
import {
  questionKey,
  scoreResults,
  tabulate,
  totals,
  type BenchmarkReport,
  type Dimension,
  type ReportComparison,
  type ResultInput,
  type ScoredResult,
} from "@/lib/benchmarks/report";
import { diffProportions, mcnemarPaired } from "@/lib/metrics";

// CharToM-QA report. Mirrors Table 2 of Zhou et al. (multiple-choice accuracy per ToM dimension and
// plot window) and Table 3 (the human study: accuracy per participant group, "read" / "not read" the
// book, × window, c=0 then c=2k after revising, on all questions and on the indirect subset). Each
// result may carry `group` and `window`; the tables split by them only when some result has them.
// Comparisons: per window, one group against another (Newcombe interval for a difference of
// proportions); per group, the first window against the last, paired by respondent and question
// (McNemar), as each participant answered at c=0 and then could revise at c=2k.

const ORDER = { dimension: CHARTOM_DIMENSIONS, window: CHARTOM_WINDOWS, group: CHARTOM_GROUPS, subset: ["all", "indirect"] };

function sorted(values: Iterable<string>, order: readonly string[]): string[] {
  const rank = (v: string) => (order.includes(v) ? order.indexOf(v) : order.length);
  return [...new Set(values)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

function counts(results: readonly ScoredResult[]): { correct: number; n: number } {
  const scored = results.filter((r) => r.score.scored);
  return { correct: scored.filter((r) => r.score.scored && r.score.correct).length, n: scored.length };
}

function groupComparisons(scored: readonly ScoredResult[], groups: string[], windows: string[]): ReportComparison[] {
  const out: ReportComparison[] = [];
  for (const window of windows.length ? windows : [undefined]) {
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const a = counts(scored.filter((r) => r.group === groups[i] && r.window === window));
        const b = counts(scored.filter((r) => r.group === groups[j] && r.window === window));
        const d = diffProportions(a.correct, a.n, b.correct, b.n);
        const at: Record<string, string> = window === undefined ? {} : { window };
        out.push({
          id: `group:${groups[i]}-${groups[j]}${window ? `@${window}` : ""}`,
          title: `${groups[i]} − ${groups[j]}${window ? ` at ${window}` : ""}`,
          a: { group: groups[i]!, ...at },
          b: { group: groups[j]!, ...at },
          method: "difference of proportions, Newcombe hybrid score interval",
          difference: d.value,
          ci: d.value === null ? null : [d.lower, d.upper],
          ...(d.value === null ? { reason: d.reason } : {}),
        });
      }
    }
  }
  return out;
}

function windowComparisons(scored: readonly ScoredResult[], groups: string[], windows: string[]): ReportComparison[] {
  if (windows.length < 2) return [];
  const first = windows[0]!;
  const last = windows[windows.length - 1]!;
  const out: ReportComparison[] = [];
  for (const group of groups.length ? groups : [undefined]) {
    const mine = scored.filter((r) => r.group === group && r.score.scored);
    const key = (r: ScoredResult) => `${r.respondent ?? ""}\u0000${questionKey(r)}`;
    const after = new Map(mine.filter((r) => r.window === last).map((r) => [key(r), r.score.scored && r.score.correct]));
    const before: boolean[] = [];
    const revised: boolean[] = [];
    for (const r of mine) {
      if (r.window !== first || !after.has(key(r))) continue;
      before.push(r.score.scored && r.score.correct);
      revised.push(after.get(key(r))!);
    }
    const test = mcnemarPaired(before, revised);
    const n = before.length;
    const within: Record<string, string> = group === undefined ? {} : { group };
    out.push({
      id: `window:${first}-${last}${group ? `@${group}` : ""}`,
      title: `${last} − ${first}${group ? ` (${group})` : ""}, paired by respondent and question`,
      a: { ...within, window: last },
      b: { ...within, window: first },
      method: "paired before/after, McNemar test",
      difference: n ? (revised.filter(Boolean).length - before.filter(Boolean).length) / n : null,
      ci: null,
      p: test.value,
      ...(test.value === null ? { reason: test.reason } : {}),
    });
  }
  return out;
}

export function chartomReport(results: readonly ResultInput[]): BenchmarkReport {
  const scored = scoreResults(results);
  const groups = sorted(scored.flatMap((r) => (r.group === undefined ? [] : [r.group])), CHARTOM_GROUPS);
  const windows = sorted(scored.flatMap((r) => (r.window === undefined ? [] : [r.window])), CHARTOM_WINDOWS);
  const split: Record<string, Dimension> = {};
  if (groups.length) split.group = (r) => r.group ?? "none";
  if (windows.length) split.window = (r) => r.window ?? "none";
  const indirect = scored.filter((r) => chartomIndirect(r.question) === true);
  const tagged = scored.filter((r) => chartomIndirect(r.question) !== null).length;
  const notes: string[] = [];
  if (!tagged) notes.push("No question is tagged direct or indirect (the released data has no such field), so there is no indirect subset.");
  return {
    benchmark: "chartom",
    tables: [
      {
        id: "dimension",
        title: "Multiple-choice accuracy by ToM dimension (Table 2)",
        rows: tabulate(scored, { dimension: (r) => chartomDimension(r.question), ...(windows.length ? { window: split.window! } : {}) }, { order: ORDER }),
      },
      {
        id: "group_window",
        title: "By participant group × window, all and indirect questions (Table 3)",
        rows: [...tabulate(scored, { subset: () => "all", ...split }, { order: ORDER }), ...tabulate(indirect, { subset: () => "indirect", ...split }, { order: ORDER })],
      },
    ],
    comparisons: [...groupComparisons(scored, groups, windows), ...windowComparisons(scored, groups, windows)],
    ...totals(scored),
    notes,
  };
}
