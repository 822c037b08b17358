import type { Study } from "@/lib/designs";
import { withTransaction } from "@/lib/db/tx";
import { completionUrl } from "@/lib/participants/completion-url";

// "Stop here": the participant ends their session. Their live leases are given back at once (the
// units go to someone else), what they submitted is kept, and they learn what to do next: with
// at least one unit done, the completion code; with none, to return the submission on their
// platform (Prolific's "return").

export type StopOutcome = { outcome: "completed"; completionCode: string; redirectUrl: string | null } | { outcome: "returned" };

export async function stopParticipant(study: Pick<Study, "id" | "completionCode" | "completionUrl">, participantId: string): Promise<StopOutcome> {
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ done: number }>(
      `WITH released AS (
         UPDATE "Assignment" SET status = 'returned', "endedAt" = now()
         WHERE "participantId" = $1 AND "studyId" = $2 AND status = 'live'
         RETURNING "unitId", "group"
       ), per_unit AS (SELECT "unitId", count(*)::int AS n FROM released GROUP BY "unitId"),
       units AS (
         UPDATE "StudyUnit" u SET "activeCount" = u."activeCount" - per_unit.n FROM per_unit WHERE u.id = per_unit."unitId" RETURNING u.id
       ), quotas AS (
         UPDATE "UnitQuota" q SET "activeCount" = q."activeCount" - 1 FROM released
         WHERE q."unitId" = released."unitId" AND q."group" = released."group" RETURNING q."unitId"
       )
       SELECT (SELECT count(*)::int FROM "Assignment" WHERE "participantId" = $1 AND status = 'submitted') AS done,
              (SELECT count(*) FROM units) + (SELECT count(*) FROM quotas) AS touched`,
      [participantId, study.id],
    );
    const done = rows[0]?.done ?? 0;
    await client.query(
      `UPDATE "Participant" SET status = $3::"ParticipantStatus", "statusAt" = now(), "statusReason" = 'stopped',
         "completedAt" = CASE WHEN $3::text = 'done' THEN coalesce("completedAt", now()) ELSE "completedAt" END
       WHERE id = $1 AND "studyId" = $2 AND status = 'active'`,
      [participantId, study.id, done > 0 ? "done" : "returned"],
    );
    if (done === 0) return { outcome: "returned" };
    return { outcome: "completed", completionCode: study.completionCode, redirectUrl: completionUrl(study.completionUrl, study.completionCode) };
  });
}
