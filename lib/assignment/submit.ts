import { withTransaction } from "@/lib/db/tx";
import { AppError } from "@/lib/http/errors";

// Submitting an answer. The same idempotency key never makes two responses: a retry after a
// lost acknowledgement returns the stored response. An answer on an expired lease is taken
// only while the unit still has room, and then revives the lease.

export interface SubmitInput {
  studyId: string;
  participantId: string;
  assignmentId: string;
  idempotencyKey: string;
  stage: string;
  /** the last stage of the unit: the assignment becomes submitted */
  final: boolean;
  payload: unknown;
  /** checks the payload against the unit (inside the transaction, after the lease is locked); throws 422 */
  validate?: (unit: { contextId: string; questionId: string | null }, payload: unknown) => Promise<unknown>;
  startedAt: Date | null;
  durationMs: number | null;
}

export interface SubmitResult {
  responseId: string;
  duplicate: boolean;
}

export async function submitResponse(input: SubmitInput): Promise<SubmitResult> {
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ status: string; unitId: string; contextId: string; questionId: string | null; state: string }>(
      `SELECT a.status, a."unitId", u."contextId", u."questionId", s.state
       FROM "Assignment" a JOIN "Study" s ON s.id = a."studyId" JOIN "StudyUnit" u ON u.id = a."unitId"
       WHERE a.id = $1 AND a."participantId" = $2 AND a."studyId" = $3
       FOR UPDATE OF a`,
      [input.assignmentId, input.participantId, input.studyId],
    );
    const a = rows[0];
    if (!a) throw new AppError("conflict", "This unit is not leased to you.", { extra: { reason: "not_leased" } });

    // A separate statement after the lock, so a concurrent retry of the same request sees the
    // first one's committed result.
    const seen = await client.query<{ existing: string | null; stageTaken: boolean }>(
      `SELECT (SELECT id FROM "Response" WHERE "participantId" = $1 AND "idempotencyKey" = $2) AS existing,
              EXISTS (SELECT 1 FROM "Response" WHERE "assignmentId" = $3 AND stage = $4) AS "stageTaken"`,
      [input.participantId, input.idempotencyKey, input.assignmentId, input.stage],
    );
    const { existing, stageTaken } = seen.rows[0]!;
    if (existing) return { responseId: existing, duplicate: true };

    if (a.state !== "open") {
      throw new AppError("conflict", `The study is ${a.state}; answers are not accepted now.`, { extra: { reason: `study_${a.state}` } });
    }
    if (a.status === "submitted") throw new AppError("conflict", "This unit was already submitted.", { extra: { reason: "already_submitted" } });
    if (a.status === "returned") throw new AppError("conflict", "You returned this unit.", { extra: { reason: "returned" } });
    const payload = input.validate ? await input.validate(a, input.payload) : input.payload;
    if (a.status === "expired") {
      const revived = await client.query(
        `UPDATE "StudyUnit" SET "activeCount" = "activeCount" + 1 WHERE id = $1 AND "activeCount" < capacity`,
        [a.unitId],
      );
      if (!revived.rowCount) {
        throw new AppError("conflict", "Your time for this unit ran out and it went to someone else.", {
          extra: { reason: "lease_expired" },
        });
      }
      await client.query(`UPDATE "Assignment" SET status = 'live', "endedAt" = NULL WHERE id = $1`, [input.assignmentId]);
    }

    if (stageTaken) {
      throw new AppError("conflict", `The "${input.stage}" answer for this unit was already submitted.`, { extra: { reason: "already_submitted" } });
    }

    // The response and the assignment's new state in one statement. A final stage ends the
    // lease; an intermediate one keeps it alive for the next stage.
    const inserted = await client.query<{ id: string }>(
      `WITH response AS (
         INSERT INTO "Response" (id, "studyId", "unitId", "assignmentId", "participantId", stage, payload, "idempotencyKey", "startedAt", "durationMs")
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id
       ), lease AS (
         UPDATE "Assignment" SET
           status = CASE WHEN $10 THEN 'submitted'::"AssignmentStatus" ELSE status END,
           "submittedAt" = CASE WHEN $10 THEN now() ELSE "submittedAt" END,
           "endedAt" = CASE WHEN $10 THEN now() ELSE "endedAt" END,
           "expiresAt" = CASE WHEN $10 THEN "expiresAt" ELSE greatest("expiresAt", now() + ("expiresAt" - "leasedAt")) END
         WHERE id = $3
       )
       SELECT id FROM response`,
      [
        input.studyId,
        a.unitId,
        input.assignmentId,
        input.participantId,
        input.stage,
        JSON.stringify(payload),
        input.idempotencyKey,
        input.startedAt,
        input.durationMs,
        input.final,
      ],
    );
    return { responseId: inserted.rows[0]!.id, duplicate: false };
  });
}
