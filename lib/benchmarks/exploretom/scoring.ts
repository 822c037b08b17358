import { QUESTION_KINDS } from "@/lib/benchmarks/types";
import { itemsRow, tabulate, type ReportTable } from "@/lib/benchmarks/report";
import type { BenchmarkScoring, BenchmarkSummary, ScoredItem, ScoringContext } from "@/lib/benchmarks/scoring";
import { countedItems, viewOf } from "@/lib/benchmarks/summary";
import {
  exploreTomBelief,
  exploreTomInteresting,
  exploreTomOrder,
  exploreTomParse,
  exploreTomScore,
  exploreTomStoryType,
  expectedAnswer,
} from "@/lib/benchmarks/exploretom/score";

const ORDER = { view: ["structure", "infilled"], nth_order: ["-1", "1", "2"], interesting: ["interesting", "uninteresting"], belief: ["false belief", "true belief"] };

/**
 * The human check of §3: agreement with the generated labels, per story view (structure vs
 * infilled; the paper reports 99% and 89%) and per story type; then accuracy by ToM order, by
 * interesting vs uninteresting questions, and by false vs true belief, as the paper breaks it down.
 */
function summarizeExploreTom(all: readonly ScoredItem[], ctx: ScoringContext): BenchmarkSummary {
  const items = countedItems(exploreTomScoring, all, ctx);
  const view = (i: ScoredItem) => viewOf(i, ctx) ?? "default view";
  const tables: ReportTable[] = [
    {
      id: "agreement",
      title: "Agreement with the labels by story view and story type (§3)",
      rows: [...tabulate(items, { view, story_type: () => "all" }, { order: ORDER }), ...tabulate(items, { view, story_type: (i) => exploreTomStoryType(i.question) }, { order: ORDER })],
    },
    { id: "overall", title: "All questions", rows: [itemsRow({ subset: "All" }, items)] },
    { id: "nth_order", title: "By ToM order (-1 = state tracking)", rows: tabulate(items, { nth_order: (i) => exploreTomOrder(i.question) }, { order: ORDER }) },
    { id: "interesting", title: "Interesting vs uninteresting questions", rows: tabulate(items, { interesting: (i) => exploreTomInteresting(i.question) }, { order: ORDER }) },
  ];
  const belief = tabulate(items, { belief: (i) => exploreTomBelief(i.question) }, { order: ORDER });
  if (belief.length) tables.push({ id: "belief", title: "False vs true belief", rows: belief });
  const notes: string[] = [];
  const capitals = new Set(items.filter((i) => /\p{Lu}/u.test(expectedAnswer(i.question) ?? "")).map((i) => i.question.id)).size;
  if (capitals) notes.push(`${capitals} questions have an expected answer with capital letters; the official rule looks for it as written in the lower-cased response, so no answer to them can be right.`);
  return { tables, figures: [], notes };
}

export const exploreTomScoring: BenchmarkScoring = {
  // byType is the question kind for every benchmark but FANToM (whose question types are the paper's
  // columns); the paper's own breakdown is in summarize()'s tables
  typeOf: (question) => question.kind,
  typeOrder: QUESTION_KINDS,
  counts: () => true,
  score: (question, answer) => exploreTomScore(question, answer),
  parse: (_question, raw) => exploreTomParse(raw),
  summarize: summarizeExploreTom,
};
