import { seededShuffle } from "@/lib/benchmarks/random";
import { passage } from "@/lib/benchmarks/text";
import type { ChartomRecord } from "@/lib/benchmarks/chartom/schema";
import type { ParsedRecord } from "@/lib/benchmarks/types";

/** Two questions per item: the multiple-choice form, then the generative form. */
export function toItems(record: ChartomRecord, index: number): ParsedRecord {
  const options = seededShuffle([record.answer, ...record.misleading_choices], `${index}:${record.question}`);
  const tags = { book: record.book_name, dimension: record.tom_dimension };
  const groupKeys = { book: record.book_name };
  return {
    sourceId: `item-${index}`,
    contexts: [
      {
        views: { c0: passage(record.context_0), c1000: passage(record.context_1000), c2000: passage(record.context_2000) },
        defaultView: "c0",
        title: record.book_name,
      },
    ],
    questions: [
      {
        context: 0,
        kind: "single_choice",
        prompt: record.question,
        options,
        gold: { kind: "single_choice", index: options.indexOf(record.answer) },
        scoring: { type: "exact_option" },
        tags: { ...tags, form: "choice" },
        groupKeys,
        position: 0,
      },
      {
        context: 0,
        kind: "free_text",
        prompt: record.question,
        gold: { kind: "free_text", reference: record.answer, bonusPoints: record.bonus_points },
        scoring: { type: "reference" },
        tags: { ...tags, form: "generative" },
        groupKeys,
        position: 1,
      },
    ],
  };
}
