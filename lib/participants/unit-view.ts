import type { ContextView, Gold, QuestionKind } from "@/lib/benchmarks/types";
import { unitChecks, type Check } from "@/lib/designs/validation/checks";
import { validationConfigSchema, type ValidationConfig } from "@/lib/designs/validation/config";
import { filterSql } from "@/lib/studies/units";
import { pool } from "@/lib/db/pool";

// Everything a participant's browser receives about a unit. Built by whitelisting: gold
// answers, other people's answers and model predictions are never read into it, except the
// marked answer an answer-key check asks about (which is the thing being verified).
export interface ParticipantUnit {
  assignmentId: string;
  expiresAt: string;
  context: { title: string | null; defaultView: string; views: Record<string, ContextView> };
  questions: { id: string; kind: QuestionKind; prompt: string; options: string[] | null }[];
  checks: Check[];
  commentAllowed: boolean;
}

interface StudyLike {
  id: string;
  datasetId: string;
  unitType: string;
  filter: unknown;
  config: unknown;
}

export async function unitQuestions(study: StudyLike, unit: { contextId: string; questionId: string | null }) {
  const where = unit.questionId ? `q.id = $1` : `q."contextId" = $1 AND q."datasetId" = $2`;
  const f = filterSql(study.filter as Record<string, string[]>, 3);
  const { rows } = await pool().query<{ id: string; kind: QuestionKind; prompt: string; options: string[] | null; gold: Gold }>(
    `SELECT q.id, q.kind, q.prompt, q.options, q.gold FROM "Question" q
     WHERE ${where}${unit.questionId ? "" : f.sql} ORDER BY q."recordIndex", q.position`,
    unit.questionId ? [unit.questionId] : [unit.contextId, study.datasetId, ...f.params],
  );
  return rows;
}

export async function buildParticipantUnit(
  study: StudyLike,
  lease: { assignmentId: string; unitId: string; expiresAt: Date },
): Promise<ParticipantUnit> {
  const { rows } = await pool().query<{ contextId: string; questionId: string | null; context: { title: string | null; defaultView: string; views: unknown } }>(
    `SELECT u."contextId", u."questionId", jsonb_build_object('title', c.title, 'defaultView', c."defaultView", 'views', c.views) AS context
     FROM "StudyUnit" u JOIN "Context" c ON c.id = u."contextId" WHERE u.id = $1`,
    [lease.unitId],
  );
  const unit = rows[0]!;
  const config: ValidationConfig = validationConfigSchema.parse(study.config);
  const questions = config.answerKey || unit.questionId ? await unitQuestions(study, unit) : [];
  const checks = unitChecks(config, questions);
  return {
    assignmentId: lease.assignmentId,
    expiresAt: lease.expiresAt.toISOString(),
    context: {
      title: unit.context.title,
      defaultView: unit.context.defaultView,
      views: unit.context.views as Record<string, ContextView>,
    },
    questions: questions.map((q) => ({ id: q.id, kind: q.kind, prompt: q.prompt, options: q.options })),
    checks,
    commentAllowed: config.contextChecks?.comment ?? false,
  };
}
