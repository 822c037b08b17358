import { z } from "zod";
import { answerSchemaFor } from "@/lib/benchmarks/score";
import { scoringQuestion, type StoredQuestion } from "@/lib/datasets/questions";
import type { UnitCtx, Validated } from "@/lib/designs/types";
import type { BaselineConfig } from "@/lib/designs/baseline/config";
import { scorerOf, viewAt } from "@/lib/designs/baseline/scorer";
import { shownOrder } from "@/lib/designs/baseline/view";
import { AppError } from "@/lib/errors";

// A baseline answer: one answer per question of the unit, in its kind's shape, checked by zod
// with a message naming the question. Option indexes arrive in the order shown and are stored
// in the benchmark's order (with the order shown), and each answer is scored at once by the
// benchmark's own scorer, in the same transaction.

const times = z.record(z.string(), z.number().int().min(0).max(7 * 24 * 3600 * 1000));

function payloadSchema(questions: StoredQuestion[]) {
  return z
    .object({
      answers: z.object(Object.fromEntries(questions.map((q) => [q.id, answerSchemaFor(q.kind, { options: q.options ?? undefined, scoring: q.scoring })]))).strict(),
      times: times.optional(),
    })
    .strict();
}

function invalid(error: z.ZodError, questions: StoredQuestion[]): AppError {
  const number = new Map(questions.map((q, i) => [q.id, i + 1]));
  const invalidParams = error.issues.map((issue) => {
    const [top, id] = issue.path.map(String);
    const n = top === "answers" && id ? number.get(id) : undefined;
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    const reason = n ? `Question ${n}: ${missing ? "answer this question" : issue.message}` : issue.message;
    return { name: ["payload", ...issue.path.map(String)].join("."), reason };
  });
  return new AppError("invalid_input", "Some answers are missing or not in the right form.", { invalidParams });
}

/** The stored form of an answer and the text the scored export shows. */
function normalizedOf(answer: unknown): string {
  if (answer === null) return "unanswerable";
  if (Array.isArray(answer)) return answer.join("|");
  return String(answer);
}

export async function validateBaseline(ctx: UnitCtx<BaselineConfig>, payload: unknown): Promise<Validated> {
  const questions = await ctx.questions();
  // built for this unit and used once: jitless spares zod compiling it (new Function) for one parse
  const parsed = payloadSchema(questions).safeParse(payload, { jitless: true });
  if (!parsed.success) throw invalid(parsed.error, questions);
  const { scoring } = await scorerOf(ctx.client, ctx.study);
  const view = viewAt(ctx.study, ctx.stage);
  const answers: Record<string, unknown> = {};
  const shown: Record<string, number[]> = {};
  const scores = questions.map((q) => {
    const order = shownOrder(ctx.study, ctx.assignmentId, q);
    let answer: unknown = parsed.data.answers[q.id];
    if (order && typeof answer === "number") {
      shown[q.id] = order;
      answer = order[answer];
    }
    answers[q.id] = answer;
    const sq = scoringQuestion(q);
    const score = scoring.counts(sq, view) ? scoring.score(sq, answer, view) : null;
    return {
      questionId: q.id,
      correct: score?.correct ?? null,
      graded: score?.graded ?? null,
      normalized: score?.normalized ?? normalizedOf(answer),
      ms: parsed.data.times?.[q.id] ?? null,
    };
  });
  const stored = { answers, ...(parsed.data.times ? { times: parsed.data.times } : {}), ...(Object.keys(shown).length ? { shown } : {}) };
  return { payload: stored, scores };
}
