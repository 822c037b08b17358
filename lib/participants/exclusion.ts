import { audit } from "@/lib/audit";
import type { Queryable } from "@/lib/db/queryable";

// Excluding a participant: their answers stop counting everywhere (results, agreement, human
// accuracy, derived exports; the raw export keeps them, marked), and every unit they held or
// answered reopens, so the study still ends with exactly N valid answers per unit. Runs on the
// caller's transaction client, and is audited in it.

export type ExclusionStatus = "excluded" | "failed_attention" | "failed_qualification" | "returned";

export async function excludeParticipant(
  client: Queryable,
  opts: { studyId: string; participantId: string; status: ExclusionStatus; reason: string; actorId: string | null; voidAnswers: boolean },
): Promise<{ reopened: number }> {
  const { rows } = await client.query<{ reopened: number }>(
    `WITH voided AS (
       UPDATE "Assignment" SET status = CASE WHEN status = 'live' THEN 'returned'::"AssignmentStatus" ELSE 'excluded'::"AssignmentStatus" END,
                               "endedAt" = coalesce("endedAt", now())
       WHERE "participantId" = $2 AND "studyId" = $1 AND (status = 'live' OR ($3::boolean AND status = 'submitted'))
       RETURNING "unitId", "group"
     ), per_unit AS (SELECT "unitId", count(*)::int AS n FROM voided GROUP BY "unitId"),
     units AS (
       UPDATE "StudyUnit" u SET "activeCount" = u."activeCount" - per_unit.n FROM per_unit WHERE u.id = per_unit."unitId" RETURNING u.id
     ), per_quota AS (SELECT "unitId", "group", count(*)::int AS n FROM voided WHERE "group" IS NOT NULL GROUP BY 1, 2),
     quotas AS (
       UPDATE "UnitQuota" q SET "activeCount" = q."activeCount" - per_quota.n FROM per_quota
       WHERE q."unitId" = per_quota."unitId" AND q."group" = per_quota."group" RETURNING q."unitId"
     )
     SELECT ((SELECT count(*) FROM units) + 0 * (SELECT count(*) FROM quotas))::int AS reopened`,
    [opts.studyId, opts.participantId, opts.voidAnswers],
  );
  await client.query(
    `UPDATE "Participant" SET status = $3::"ParticipantStatus", "statusReason" = $4, "statusAt" = now() WHERE id = $2 AND "studyId" = $1`,
    [opts.studyId, opts.participantId, opts.status, opts.reason],
  );
  await audit(client, {
    actorId: opts.actorId,
    action: "participant.exclude",
    targetType: "participant",
    targetId: opts.participantId,
    after: { status: opts.status, reason: opts.reason, reopened: rows[0]?.reopened ?? 0, answersVoided: opts.voidAnswers },
    reason: opts.reason,
  });
  return { reopened: rows[0]?.reopened ?? 0 };
}
