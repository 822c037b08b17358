import { isDeepStrictEqual } from "node:util";
import type pg from "pg";
import { named } from "@/lib/db/named";
import type { Queryable } from "@/lib/db/queryable";
import { withTransaction } from "@/lib/db/tx";
import { AppError } from "@/lib/errors";

// Submitting an answer, in one transaction of four round trips: BEGIN, the lease locked and read
// (with what validation needs), the response and the lease's new state written in one
// statement, COMMIT. The same idempotency key never makes two responses: a retry after a lost
// acknowledgement returns the stored response. An answer on an expired lease is taken only
// while the unit still has room (never between stages), and then revives the lease.

/** One machine-scored answer, stored beside its response in the same statement. */
export interface ScoreRow {
  questionId: string;
  correct: boolean | null;
  graded: number | null;
  normalized: string;
  ms: number | null;
}

export interface LockedUnit {
  unitId: string;
  contextId: string;
  questionId: string | null;
  questionIds: string[];
  model: string | null;
  stratum: Record<string, string> | null;
  ordinal: number;
  /** the unit's questions, when asked for */
  questions: unknown[] | null;
  /** the stored answer of the previous stage, at stage 2 */
  previous: unknown;
  stage: number;
  group: string | null;
}

export interface SubmitInput {
  studyId: string;
  participantId: string;
  assignmentId: string;
  idempotencyKey: string;
  /** the stage the client answers; absent: the stage whose content it was last sent */
  stage: number | null;
  /** how many stages the study's units have (1 without staged reveal) */
  stages: number;
  payload: unknown;
  /** read the unit's questions inside the lock (validation needs them) */
  withQuestions: boolean;
  /** checks the payload against the unit, on the transaction's client; returns what is stored
   *  (and its scored answers, written in the same statement); throws 422 */
  validate: (client: Queryable, unit: LockedUnit, payload: unknown) => Promise<{ payload: unknown; scores?: ScoreRow[] }>;
  /** stage 2: whether the stored answer differs from stage 1 */
  revised?: (previous: unknown, stored: unknown) => boolean;
  startedAt: Date | null;
  durationMs: number | null;
  signals?: unknown;
}

export interface SubmitResult {
  responseId: string;
  duplicate: boolean;
  /** the stage answered, and whether the unit is now complete for this participant */
  stage: number;
  final: boolean;
}

interface Locked extends LockedUnit {
  status: string;
  /** a live lease whose time is up, not yet swept */
  pastDue: boolean;
  servedStage: number;
  state: string;
  existing: { id: string; stage: number; payload: unknown } | null;
}

export async function submitResponse(input: SubmitInput): Promise<SubmitResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await withTransaction((client) => submitOnce(client, input));
    } catch (err) {
      // a concurrent retry of the same request committed first: run again and find its response
      if ((err as pg.DatabaseError).code === "23505" && (err as pg.DatabaseError).constraint === "Response_participantId_idempotencyKey_key" && attempt < 3) continue;
      if ((err as pg.DatabaseError).code === "23505" && (err as pg.DatabaseError).constraint === "Response_assignmentId_stage_key") {
        throw new AppError("conflict", "This stage of the unit was already answered.", { extra: { reason: "already_submitted" } });
      }
      throw err;
    }
  }
}

function refusalOf(a: Locked, stage: number, stages: number): AppError | null {
  if (a.state !== "open") return new AppError("conflict", `The study is ${a.state}; answers are not accepted now.`, { extra: { reason: `study_${a.state}` } });
  if (a.status === "submitted") return new AppError("conflict", "This unit was already submitted.", { extra: { reason: "already_submitted" } });
  if (a.status === "returned") return new AppError("conflict", "You returned this unit.", { extra: { reason: "returned" } });
  if (a.status === "excluded") return new AppError("conflict", "Your answers to this study no longer count.", { extra: { reason: "excluded" } });
  // between stages an expired unit is not revived: it went back to be answered from stage 1
  if ((a.status === "expired" || (a.status === "live" && a.pastDue)) && stages > 1) return new AppError("conflict", "Your time for this unit ran out and it went to someone else.", { extra: { reason: "lease_expired" } });
  if (stage < a.stage) return new AppError("conflict", `Your stage-${stage} answer is stored and cannot change.`, { extra: { reason: "stage_locked" } });
  if (stage > a.stage || stage > a.servedStage) {
    return new AppError("conflict", `Stage ${stage} of this unit has not been shown to you yet.`, { extra: { reason: "stage_not_served" } });
  }
  return null;
}

/**
 * A request under a key already stored is a retry only when it carries the same answers. Two tabs
 * of one participant share the unit's draft, and with it its key: the second tab's different
 * answers were acknowledged as saved, and dropped. They are refused instead, so its page says so.
 */
async function assertSameAnswers(client: Queryable, a: Locked, input: SubmitInput, stored: unknown): Promise<void> {
  // as stored: through JSON, which drops undefined fields and is what jsonb gave back
  const same = (payload: unknown) => isDeepStrictEqual(JSON.parse(JSON.stringify(payload ?? null)) as unknown, stored);
  // a retry sends exactly what it sent; else compare what the design would have stored of it
  if (same(input.payload) || same((await input.validate(client, a, input.payload)).payload)) return;
  throw new AppError("conflict", "This unit was already answered, with other answers (in another tab or window); these answers were not saved.", { extra: { reason: "already_submitted" } });
}

async function existingResponse(client: Queryable, input: SubmitInput): Promise<{ id: string; stage: number; payload: unknown } | null> {
  const { rows } = await client.query<{ id: string; stage: number; payload: unknown }>(
    `SELECT id, stage, payload FROM "Response" WHERE "participantId" = $1 AND "idempotencyKey" = $2`,
    [input.participantId, input.idempotencyKey],
  );
  return rows[0] ?? null;
}

async function submitOnce(client: pg.PoolClient, input: SubmitInput): Promise<SubmitResult> {
  const { rows } = await client.query<Locked>(
    named(
      `SELECT a.status, a.stage, a."servedStage", a."group", a."expiresAt" < now() AS "pastDue", a."unitId", u."contextId", u."questionId", u."questionIds", u.model, u.stratum, u.ordinal, s.state,
              (SELECT jsonb_build_object('id', r.id, 'stage', r.stage, 'payload', r.payload) FROM "Response" r
               WHERE r."participantId" = $2 AND r."idempotencyKey" = $4) AS existing,
              (SELECT r.payload FROM "Response" r WHERE r."assignmentId" = a.id AND r.stage = a.stage - 1) AS previous,
              CASE WHEN $5::boolean THEN (
                SELECT jsonb_agg(to_jsonb(q) ORDER BY w.i) FROM unnest(u."questionIds") WITH ORDINALITY AS w(id, i) JOIN "Question" q ON q.id = w.id
              ) END AS questions
       FROM "Assignment" a JOIN "Study" s ON s.id = a."studyId" JOIN "StudyUnit" u ON u.id = a."unitId"
       WHERE a.id = $1 AND a."participantId" = $2 AND a."studyId" = $3
       FOR UPDATE OF a`,
      [input.assignmentId, input.participantId, input.studyId, input.idempotencyKey, input.withQuestions],
    ),
  );
  const a = rows[0];
  if (!a) throw new AppError("conflict", "This unit is not leased to you.", { extra: { reason: "not_leased" } });
  if (a.existing) {
    await assertSameAnswers(client, a, input, a.existing.payload);
    return { responseId: a.existing.id, duplicate: true, stage: a.existing.stage, final: a.existing.stage >= input.stages };
  }
  // Which stage this answer is for: a stage-1 answer is locked once stored, and a later stage
  // can only be answered once its content was sent.
  const stage = input.stage ?? Math.min(a.stage, a.servedStage);
  const refusal = refusalOf(a, stage, input.stages);
  if (refusal) {
    // The statement's snapshot predates the lock it waited for, so when the lease moved on it
    // may have been this very request, retried: look again in a statement of its own.
    const existing = await existingResponse(client, input);
    if (!existing) throw refusal;
    await assertSameAnswers(client, a, input, existing.payload);
    return { responseId: existing.id, duplicate: true, stage: existing.stage, final: existing.stage >= input.stages };
  }
  const final = stage >= input.stages;

  const { payload, scores = [] } = await input.validate(client, a, input.payload);
  if (a.status === "expired") {
    const revived = await client.query(
      `WITH unit AS (
         UPDATE "StudyUnit" SET "activeCount" = "activeCount" + 1 WHERE id = $1 AND "activeCount" < capacity RETURNING id
       ), quota AS (
         UPDATE "UnitQuota" q SET "activeCount" = q."activeCount" + 1 FROM unit
         WHERE q."unitId" = unit.id AND q."group" = $3 AND q."activeCount" < q.capacity RETURNING q."unitId"
       )
       UPDATE "Assignment" SET status = 'live', "endedAt" = NULL
       WHERE id = $2 AND EXISTS (SELECT 1 FROM unit) AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM quota))`,
      [a.unitId, input.assignmentId, a.group],
    );
    if (!revived.rowCount) {
      throw new AppError("conflict", "Your time for this unit ran out and it went to someone else.", { extra: { reason: "lease_expired" } });
    }
  }

  const revised = stage > 1 && input.revised ? input.revised(a.previous, payload) : null;
  // The response and the assignment's new state in one statement. The last stage ends the
  // lease; an earlier one moves it to the next stage and extends it by its original length.
  const inserted = await client.query<{ id: string }>(
    named(
      `WITH response AS (
         INSERT INTO "Response" (id, "studyId", "unitId", "assignmentId", "participantId", stage, payload, revised, signals, "idempotencyKey", "startedAt", "durationMs")
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id
       ), scored AS (
         INSERT INTO "ScoredAnswer" ("responseId", "questionId", "studyId", "assignmentId", "participantId", stage, correct, graded, normalized, ms)
         SELECT response.id, x."questionId", $1, $3, $4, $5, x.correct, x.graded, x.normalized, x.ms
         FROM response, jsonb_to_recordset($13::jsonb) AS x("questionId" uuid, correct boolean, graded float8, normalized text, ms int)
       ), lease AS (
         UPDATE "Assignment" SET
           status = CASE WHEN $12 THEN 'submitted'::"AssignmentStatus" ELSE status END,
           stage = CASE WHEN $12 THEN stage ELSE stage + 1 END,
           "submittedAt" = CASE WHEN $12 THEN now() ELSE "submittedAt" END,
           "endedAt" = CASE WHEN $12 THEN now() ELSE "endedAt" END,
           "expiresAt" = CASE WHEN $12 THEN "expiresAt" ELSE greatest("expiresAt", now() + ("expiresAt" - "leasedAt")) END
         WHERE id = $3
       )
       SELECT id FROM response`,
      [
        input.studyId,
        a.unitId,
        input.assignmentId,
        input.participantId,
        stage,
        JSON.stringify(payload),
        revised,
        input.signals === undefined ? null : JSON.stringify(input.signals),
        input.idempotencyKey,
        input.startedAt,
        input.durationMs,
        final,
        JSON.stringify(scores),
      ],
    ),
  );
  return { responseId: inserted.rows[0]!.id, duplicate: false, stage, final };
}
