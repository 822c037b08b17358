import { parseByKind, plainScore } from "@/lib/benchmarks/scorer";
import type { BenchmarkScoring } from "@/lib/benchmarks/scoring";
import { countedItems, typeTables } from "@/lib/benchmarks/summary";
import { QUESTION_KINDS } from "@/lib/benchmarks/types";

// Any benchmark without an official evaluator of its own: the generic rules of
// lib/benchmarks/score.ts (exact option, set match, yes/no, numeric within the question's
// tolerance, normalized short text; free text unscored), byType = the question kind.

export const genericScoring: BenchmarkScoring = {
  typeOf: (question) => question.kind,
  typeOrder: QUESTION_KINDS,
  counts: () => true,
  score: (question, answer) => plainScore(question, answer),
  parse: parseByKind,
  summarize(items, ctx) {
    return { tables: typeTables(genericScoring, countedItems(genericScoring, items, ctx), ctx), figures: [], notes: [] };
  },
  summaryReads: { tags: [] },
};
