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
  startedAt: Date | null;
  durationMs: number | null;
}

export interface SubmitResult {
  responseId: string;
  duplicate: boolean;
}

export async function submitResponse(input: SubmitInput): Promise<SubmitResult> {
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ status: string; unitId: string; expired: boolean; state: string }>(
      `SELECT a.status, a."unitId", a."expiresAt" < now() AS expired, s.state
       FROM "Assignment" a JOIN "Study" s ON s.id = a."studyId"
       WHERE a.id = $1 AND a."participantId" = $2 AND a."studyId" = $3
       FOR UPDATE OF a`,
      [input.assignmentId, input.participantId, input.studyId],
    );
    const a = rows[0];
    if (!a) throw new AppError("conflict", "This unit is not leased to you.");

    // A separate statement after the lock, so a concurrent retry of the same request sees the
    // first one's committed result.
    const seen = await client.query<{ existing: string | null; stageTaken: boolean }>(
      `SELECT (SELECT id FROM "Response" WHERE "participantId" = $1 AND "idempotencyKey" = $2) AS existing,
              EXISTS (SELECT 1 FROM "Response" WHERE "assignmentId" = $3 AND stage = $4) AS "stageTaken"`,
      [input.participantId, input.idempotencyKey, input.assignmentId, input.stage],
    );
    const { existing, stageTaken } = seen.rows[0]!;
    if (existing) return { responseId: existing, duplicate: true };

    if (a.state !== "open") throw new AppError("conflict", `The study is ${a.state}; answers are not accepted now.`);
    if (a.status === "submitted") throw new AppError("conflict", "This unit was already submitted.");
    if (a.status === "returned") throw new AppError("conflict", "You returned this unit.");
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

    if (stageTaken) throw new AppError("conflict", `The "${input.stage}" answer for this unit was already submitted.`);

    const inserted = await client.query<{ id: string }>(
      `INSERT INTO "Response" (id, "studyId", "unitId", "assignmentId", "participantId", stage, payload, "idempotencyKey", "startedAt", "durationMs")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        input.studyId,
        a.unitId,
        input.assignmentId,
        input.participantId,
        input.stage,
        JSON.stringify(input.payload),
        input.idempotencyKey,
        input.startedAt,
        input.durationMs,
      ],
    );
    if (input.final) {
      await client.query(
        `UPDATE "Assignment" SET status = 'submitted', "submittedAt" = now(), "endedAt" = now() WHERE id = $1`,
        [input.assignmentId],
      );
    } else {
      // an intermediate stage keeps the lease alive for the next one
      await client.query(
        `UPDATE "Assignment" SET "expiresAt" = greatest("expiresAt", now() + ("expiresAt" - "leasedAt")) WHERE id = $1`,
        [input.assignmentId],
      );
    }
    return { responseId: inserted.rows[0]!.id, duplicate: false };
  });
}
