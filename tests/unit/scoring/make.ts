import { scoringOf } from "@/lib/benchmarks/registry";
import type { ScoredItem, ScoringContext, ScoringQuestion } from "@/lib/benchmarks/scoring";
import { scorePrediction } from "@/lib/benchmarks/prediction";
import type { BenchmarkName, Gold, ScoringRule, TagValue } from "@/lib/benchmarks/types";

// Small hand-written questions for the scorer tests.

let next = 0;

export function ruleFor(gold: Gold): ScoringRule {
  switch (gold.kind) {
    case "single_choice":
      return { type: "exact_option" };
    case "multi_select":
      return { type: "set_match" };
    case "yes_no":
      return { type: "yes_no" };
    case "numeric":
      return { type: "numeric", relTol: 0.02, allowUnanswerable: true };
    case "short_text":
      return { type: "normalized_text" };
    case "free_text":
      return { type: "reference" };
  }
}

export function question(gold: Gold, tags: Record<string, TagValue> = {}, extra: Partial<ScoringQuestion> = {}): ScoringQuestion {
  const position = next++;
  return { id: `q${position}`, kind: gold.kind, gold, scoring: ruleFor(gold), tags, groupKeys: {}, sourceId: "s", position, ...extra };
}

/** A scored item for one respondent. */
export function scored(benchmark: BenchmarkName, q: ScoringQuestion, answer: unknown, respondent = "p1", ctx: ScoringContext = { view: null }): ScoredItem {
  return { question: q, respondent, answer, score: scoringOf(benchmark).score(q, answer, ctx) };
}

/** What a model's raw text scores: parse() then score(), as scorePrediction does. */
export function modelSays(benchmark: BenchmarkName, q: ScoringQuestion, raw: unknown, ctx: ScoringContext = { view: null }) {
  return scorePrediction(scoringOf(benchmark), q, raw, ctx);
}
