import type { AnswerScore, BenchmarkScoring, ScoringContext, ScoringQuestion } from "@/lib/benchmarks/scoring";

/**
 * A model prediction read and scored: parse() then score(). An unreadable prediction (parse
 * gives null) is scored as no answer (wrong; free text unscored), never passed on as null,
 * because a numeric null means "can't be determined".
 */
export function scorePrediction(
  scoring: BenchmarkScoring,
  question: ScoringQuestion,
  raw: unknown,
  ctx: ScoringContext,
): { answer: unknown | null; score: AnswerScore } {
  const answer = scoring.parse(question, raw);
  return { answer, score: scoring.score(question, answer === null ? undefined : answer, ctx) };
}
