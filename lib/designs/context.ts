import { contextById, questionsByIds, type StoredContext, type StoredQuestion } from "@/lib/datasets/questions";
import type { Queryable } from "@/lib/db/queryable";
import type { Study, Unit, UnitCtx } from "@/lib/designs/types";

// Builds the context a design is handed for one unit: questions and context read lazily with
// the caller's client, or taken from rows the caller already read in its own statement.
export function unitCtx<C>(opts: {
  client: Queryable;
  study: Study<C>;
  unit: Unit;
  assignmentId?: string | null;
  stage?: number;
  previous?: unknown;
  questions?: StoredQuestion[] | null;
  context?: StoredContext | null;
}): UnitCtx<C> {
  let questions: Promise<StoredQuestion[]> | null = opts.questions ? Promise.resolve(opts.questions) : null;
  let context: Promise<StoredContext> | null = opts.context ? Promise.resolve(opts.context) : null;
  return {
    client: opts.client,
    study: opts.study,
    unit: opts.unit,
    assignmentId: opts.assignmentId ?? null,
    stage: opts.stage ?? 1,
    previous: opts.previous ?? null,
    questions: () => (questions ??= questionsByIds(opts.client, opts.unit.questionIds)),
    context: () => (context ??= contextById(opts.client, opts.unit.contextId)),
  };
}
