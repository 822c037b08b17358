import type { Gold, QuestionKind } from "@/lib/benchmarks/types";
import { db, type Study } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import type { Vote } from "@/lib/designs/validation/aggregate";
import type { UnitQuestion } from "@/lib/designs/validation/checks";
import { filterSql } from "@/lib/studies/units";

// Everything a study's results are computed from, read in a handful of set-based queries.
export interface LoadedUnit {
  id: string;
  ordinal: number;
  contextId: string;
  questionId: string | null;
  title: string | null;
  questions: UnitQuestion[];
  live: number;
}

export interface LoadedResponse extends Vote {
  id: string;
  unitId: string;
  pseudonym: string;
  externalId: string | null;
  comment: string | null;
  seconds: number | null;
  submittedAt: Date;
}

export interface StudyData {
  units: LoadedUnit[];
  responses: LoadedResponse[];
  adjudications: Map<string, Record<string, { decision: string; reason: string; actorId: string | null; at: Date }>>;
  llm: Record<string, boolean | null> | undefined;
}

export async function loadStudyData(study: Study, llmModel: string | null): Promise<StudyData> {
  const f = filterSql(study.filter as Record<string, string[]>, 2);
  const [units, questions, responses, adjudications, predictions] = await Promise.all([
    pool().query<{ id: string; ordinal: number; contextId: string; questionId: string | null; title: string | null; live: number }>(
      `SELECT u.id, u.ordinal, u."contextId", u."questionId", c.title,
              (SELECT count(*)::int FROM "Assignment" a WHERE a."unitId" = u.id AND a.status = 'live' AND a."expiresAt" > now()) AS live
       FROM "StudyUnit" u JOIN "Context" c ON c.id = u."contextId" WHERE u."studyId" = $1 ORDER BY u.ordinal`,
      [study.id],
    ),
    pool().query<{ id: string; contextId: string; kind: QuestionKind; prompt: string; options: string[] | null; gold: Gold }>(
      `SELECT q.id, q."contextId", q.kind, q.prompt, q.options, q.gold FROM "Question" q
       WHERE q."datasetId" = $1${f.sql} ORDER BY q."recordIndex", q.position`,
      [study.datasetId, ...f.params],
    ),
    pool().query<{
      id: string;
      unitId: string;
      participantId: string;
      payload: { answers?: Record<string, string>; comment?: string };
      pseudonym: string;
      externalId: string | null;
      seconds: number | null;
      submittedAt: Date;
    }>(
      `SELECT r.id, r."unitId", r."participantId", r.payload, p.pseudonym, p."externalId", r."submittedAt",
              coalesce(r."durationMs" / 1000.0, extract(epoch FROM r."submittedAt" - a."leasedAt"))::float AS seconds
       FROM "Response" r JOIN "Participant" p ON p.id = r."participantId" JOIN "Assignment" a ON a.id = r."assignmentId"
       WHERE r."studyId" = $1 ORDER BY r."submittedAt"`,
      [study.id],
    ),
    db().adjudication.findMany({ where: { studyId: study.id }, orderBy: { createdAt: "asc" } }),
    llmModel
      ? pool().query<{ questionId: string; answer: unknown }>(
          `SELECT m."questionId", m.answer FROM "ModelPrediction" m JOIN "Question" q ON q.id = m."questionId"
           WHERE q."datasetId" = $1 AND m.model = $2`,
          [study.datasetId, llmModel],
        )
      : Promise.resolve(null),
  ]);

  const byContext = new Map<string, UnitQuestion[]>();
  const byId = new Map<string, UnitQuestion>();
  for (const q of questions.rows) {
    const uq = { id: q.id, kind: q.kind, prompt: q.prompt, options: q.options, gold: q.gold };
    byId.set(q.id, uq);
    if (!byContext.has(q.contextId)) byContext.set(q.contextId, []);
    byContext.get(q.contextId)!.push(uq);
  }
  const adj = new Map<string, Record<string, { decision: string; reason: string; actorId: string | null; at: Date }>>();
  for (const a of adjudications) {
    const perUnit = adj.get(a.unitId) ?? {};
    perUnit[a.check] = { decision: a.decision, reason: a.reason, actorId: a.actorId, at: a.createdAt }; // newest wins
    adj.set(a.unitId, perUnit);
  }
  return {
    units: units.rows.map((u) => ({
      ...u,
      questions: u.questionId ? [byId.get(u.questionId)!].filter(Boolean) : (byContext.get(u.contextId) ?? []),
    })),
    responses: responses.rows.map((r) => ({
      id: r.id,
      unitId: r.unitId,
      participantId: r.participantId,
      answers: r.payload.answers ?? {},
      comment: r.payload.comment ?? null,
      pseudonym: r.pseudonym,
      externalId: r.externalId,
      seconds: r.seconds,
      submittedAt: r.submittedAt,
    })),
    adjudications: adj,
    llm: predictions ? Object.fromEntries(predictions.rows.map((p) => [p.questionId, judgement(p.answer)])) : undefined,
  };
}

// An LLM judge's verdict as imported: true/false, or words like valid/invalid, yes/no, correct/incorrect.
export function judgement(answer: unknown): boolean | null {
  if (typeof answer === "boolean") return answer;
  if (typeof answer === "number") return answer === 1 ? true : answer === 0 ? false : null;
  if (typeof answer === "string") {
    const a = answer.trim().toLowerCase();
    if (["valid", "yes", "correct", "true", "keep", "1"].includes(a)) return true;
    if (["invalid", "no", "incorrect", "false", "reject", "0"].includes(a)) return false;
  }
  if (answer && typeof answer === "object" && "valid" in answer) return judgement((answer as { valid: unknown }).valid);
  return null;
}
