import { answerCount, itemsRow, tabulate, tagText, type ReportRow } from "@/lib/benchmarks/report";
import { QUESTION_KINDS } from "@/lib/benchmarks/types";
import type { BenchmarkScoring, BenchmarkSummary, ScoredItem, ScoringContext } from "@/lib/benchmarks/scoring";
import { countedItems } from "@/lib/benchmarks/summary";
import { TOMATO_MENTAL_STATES, TOMATO_ORDER_LABEL, TOMATO_ORDERS, tomatoOrder, tomatoParse, tomatoScore, tomatoSubset } from "@/lib/benchmarks/tomato/score";

const ORDER_LABELS = TOMATO_ORDERS.map((o) => TOMATO_ORDER_LABEL[o]);

/** Table 3: one row per mental state × {1st, 2nd, FB} that has answers, then ALL. The paper's
 *  human ALL (87.3) is the mean of its 15 subsets (32 questions each), reported as a figure. */
function summarizeTomato(all: readonly ScoredItem[], ctx: ScoringContext): BenchmarkSummary {
  const items = countedItems(tomatoScoring, all, ctx);
  const cells = tabulate(items, { mental_state: (i) => tagText(i.question, "mental_state"), order: (i) => (tomatoOrder(i.question) ? TOMATO_ORDER_LABEL[tomatoOrder(i.question)!] : null) }, {
    order: { mental_state: TOMATO_MENTAL_STATES, order: ORDER_LABELS },
  });
  const rows: ReportRow[] = [...cells, itemsRow({ mental_state: "ALL" }, items)];
  const accuracies = cells.flatMap((r) => (r.accuracy === null ? [] : [r.accuracy]));
  const notes: string[] = [];
  const untagged = answerCount(items.filter((i) => tomatoSubset(i.question) === null));
  if (untagged) notes.push(`${untagged} answers lack a mental_state or order tag and count only in ALL.`);
  return {
    tables: [{ id: "mental_state_order", title: "By mental state × order, false belief as its own column (Table 3)", rows, note: "ALL pools every answer once; FB questions are not in the 2nd-order rows." }],
    figures: [{ key: "subset_mean", label: "Mean of the subset accuracies (the paper's ALL for equal-sized subsets)", value: accuracies.length ? accuracies.reduce((a, b) => a + b, 0) / accuracies.length : null, n: accuracies.length }],
    notes,
  };
}

export const tomatoScoring: BenchmarkScoring = {
  // byType is the question kind for every benchmark but FANToM (whose question types are the paper's
  // columns); the paper's own breakdown is in summarize()'s tables
  typeOf: (question) => question.kind,
  typeOrder: QUESTION_KINDS,
  counts: () => true,
  score: (question, answer) => tomatoScore(question, answer),
  parse: tomatoParse,
  summarize: summarizeTomato,
  // tomatoOrder and tomatoSubset: the mental state, the order and the two older forms of it
  summaryReads: { tags: ["mental_state", "order", "order_raw", "false_belief"] },
};
