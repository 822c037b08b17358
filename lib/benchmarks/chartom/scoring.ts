import { QUESTION_KINDS } from "@/lib/benchmarks/types";
import { questionKey, sortValues, tabulate, type Dimension, type ReportComparison } from "@/lib/benchmarks/report";
import type { BenchmarkScoring, BenchmarkSummary, ScoredItem, ScoringContext } from "@/lib/benchmarks/scoring";
import { countedItems, viewOf } from "@/lib/benchmarks/summary";
import { diffProportions, mcnemarPaired } from "@/lib/metrics";
import { CHARTOM_DIMENSIONS, CHARTOM_GROUPS, CHARTOM_WINDOWS, chartomDimension, chartomIndirect, chartomParse, chartomScore } from "@/lib/benchmarks/chartom/score";

// CharToM-QA summary. Table 2 of Zhou et al.: multiple-choice accuracy per ToM dimension and plot
// window. Table 3, the human study: accuracy per participant group ("read" / "not read" the
// book) × window (c0, then c2000 after revising), on all questions and on the indirect subset.
// Comparisons: per window, one group against another (Newcombe interval for a difference of
// proportions); per group, the first window against the last, paired by respondent and question
// (McNemar), as each participant answered at c0 and then could revise at c2000. The window of an
// answer is its item's view, else the study's view.

const ORDER = { dimension: CHARTOM_DIMENSIONS, window: CHARTOM_WINDOWS, group: CHARTOM_GROUPS, subset: ["all", "indirect"] };

interface Item extends ScoredItem {
  window?: string;
}

function counts(items: readonly Item[]): { correct: number; n: number } {
  const scored = items.filter((i) => i.score.correct !== null);
  return { correct: scored.filter((i) => i.score.correct === true).length, n: scored.length };
}

function groupComparisons(items: readonly Item[], groups: string[], windows: string[]): ReportComparison[] {
  const out: ReportComparison[] = [];
  for (const window of windows.length ? windows : [undefined]) {
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const a = counts(items.filter((x) => x.group === groups[i] && x.window === window));
        const b = counts(items.filter((x) => x.group === groups[j] && x.window === window));
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

function windowComparisons(items: readonly Item[], groups: string[], windows: string[]): ReportComparison[] {
  if (windows.length < 2) return [];
  const first = windows[0]!;
  const last = windows[windows.length - 1]!;
  const out: ReportComparison[] = [];
  for (const group of groups.length ? groups : [undefined]) {
    const mine = items.filter((i) => i.group === group && i.score.correct !== null);
    const key = (i: Item) => `${i.respondent}\u0000${questionKey(i.question)}`;
    const after = new Map(mine.filter((i) => i.window === last).map((i) => [key(i), i.score.correct === true]));
    const before: boolean[] = [];
    const revised: boolean[] = [];
    for (const i of mine) {
      if (i.window !== first || !after.has(key(i))) continue;
      before.push(i.score.correct === true);
      revised.push(after.get(key(i))!);
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

function summarizeChartom(all: readonly ScoredItem[], ctx: ScoringContext): BenchmarkSummary {
  const items: Item[] = countedItems(chartomScoring, all, ctx).map((i) => {
    const window = viewOf(i, ctx);
    return window === null ? i : { ...i, window };
  });
  const groups = sortValues(items.flatMap((i) => (i.group === undefined ? [] : [i.group])), CHARTOM_GROUPS);
  const windows = sortValues(items.flatMap((i) => (i.window === undefined ? [] : [i.window])), CHARTOM_WINDOWS);
  const split: Record<string, Dimension<Item>> = {};
  if (groups.length) split.group = (i) => i.group ?? "none";
  if (windows.length) split.window = (i) => i.window ?? "none";
  const choice = items.filter((i) => i.question.kind === "single_choice");
  const indirect = choice.filter((i) => chartomIndirect(i.question) === true);
  const notes: string[] = [];
  if (!choice.some((i) => chartomIndirect(i.question) !== null)) notes.push("No question is tagged direct or indirect (the released data has no such field), so there is no indirect subset.");
  const generative = items.length - choice.length;
  if (generative) notes.push(`${generative} generative answers are not machine-scored (the paper's GPT-4o rater judges them; use the response-rating design).`);
  return {
    tables: [
      {
        id: "dimension",
        title: "Multiple-choice accuracy by ToM dimension (Table 2)",
        rows: tabulate(choice, { dimension: (i) => chartomDimension(i.question), ...(windows.length ? { window: split.window! } : {}) }, { order: ORDER }),
      },
      {
        id: "group_window",
        title: "By participant group × window, all and indirect questions (Table 3)",
        rows: [...tabulate(choice, { subset: () => "all", ...split }, { order: ORDER }), ...tabulate(indirect, { subset: () => "indirect", ...split }, { order: ORDER })],
      },
    ],
    figures: [],
    comparisons: [...groupComparisons(choice, groups, windows), ...windowComparisons(choice, groups, windows)],
    notes,
  };
}

export const chartomScoring: BenchmarkScoring = {
  // byType is the question kind for every benchmark but FANToM (whose question types are the paper's
  // columns); the paper's own breakdown is in summarize()'s tables
  typeOf: (question) => question.kind,
  typeOrder: QUESTION_KINDS,
  counts: () => true,
  score: (question, answer) => chartomScore(question, answer),
  parse: chartomParse,
  summarize: summarizeChartom,
  perRespondent: true,
};
