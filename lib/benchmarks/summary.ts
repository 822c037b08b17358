import { itemsRow, tabulate, type ReportTable } from "@/lib/benchmarks/report";
import type { BenchmarkScoring, BenchmarkSummary, ScoredItem, ScoringContext } from "@/lib/benchmarks/scoring";

// Helpers the benchmarks' summarize() functions share.

type Figure = BenchmarkSummary["figures"][number];

/** The view an answer was given under: its own, else the study's. */
export function viewOf(item: Pick<ScoredItem, "view">, ctx: ScoringContext): string | null {
  return item.view !== undefined ? item.view : ctx.view;
}

/** The items the benchmark counts in the view each was answered under. */
export function countedItems(scoring: Pick<BenchmarkScoring, "counts">, items: readonly ScoredItem[], ctx: ScoringContext): ScoredItem[] {
  return items.filter((item) => scoring.counts(item.question, { view: viewOf(item, ctx) }));
}

/** The mean of some values as a figure; null when there are none. */
export function meanFigure(key: string, label: string, values: readonly number[]): Figure {
  return { key, label, value: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null, n: values.length };
}

/** "All questions" and "by type" tables: every benchmark's summary starts with these. */
export function typeTables(scoring: Pick<BenchmarkScoring, "typeOf" | "typeOrder">, items: readonly ScoredItem[], ctx: ScoringContext): ReportTable[] {
  return [
    { id: "overall", title: "All questions", rows: [itemsRow({ subset: "All" }, items)] },
    {
      id: "by_type",
      title: "By question type",
      rows: tabulate(items, { type: (item) => scoring.typeOf(item.question, { view: viewOf(item, ctx) }) }, { order: { type: scoring.typeOrder } }),
    },
  ];
}
