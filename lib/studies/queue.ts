import { anyEligible } from "@/lib/assignment/lease";
import { pool } from "@/lib/db/pool";
import { leaseRequest } from "@/lib/participants/task";
import { parseStudy, STUDY_COLUMNS, type StudyRow } from "@/lib/studies/study";

// An annotator's queue: open studies they may enter with their account that still have work for
// them. A study they finished, were stopped in, or whose remaining units they may not take (all
// taken by others, already answered, their limit reached) is left out and only counted.

export interface QueueEntry {
  id: string;
  name: string;
  publicCode: string;
  entryMode: string;
  started: boolean;
  submitted: number;
}

export async function queueFor(userId: string): Promise<{ entries: QueueEntry[]; hidden: number }> {
  const { rows } = await pool().query<StudyRow & { participantId: string | null; participantStatus: string | null; consented: boolean; submitted: number; holds: boolean; open: boolean }>(
    `SELECT ${STUDY_COLUMNS}, p.id AS "participantId", p.status::text AS "participantStatus", p."consentedAt" IS NOT NULL AS consented,
            (SELECT count(*)::int FROM "Assignment" a WHERE a."participantId" = p.id AND a.status = 'submitted') AS submitted,
            EXISTS (SELECT 1 FROM "Assignment" a WHERE a."participantId" = p.id AND a.status = 'live' AND a."expiresAt" > now()) AS holds,
            EXISTS (SELECT 1 FROM "StudyUnit" u WHERE u."studyId" = s.id AND u."activeCount" < u.capacity) AS open
     FROM "Study" s LEFT JOIN "Participant" p ON p."studyId" = s.id AND p."userId" = $1
     WHERE s.state = 'open' AND s."entryMode" IN ('annotators', 'link')
     ORDER BY s."createdAt" DESC`,
    [userId],
  );
  const entries: QueueEntry[] = [];
  for (const row of rows) {
    const entry = { id: row.id, name: row.name, publicCode: row.publicCode, entryMode: row.entryMode, started: row.participantId !== null, submitted: row.submitted };
    if (await hasWork(row)) entries.push(entry);
  }
  return { entries, hidden: rows.length - entries.length };
}

async function hasWork(row: StudyRow & { participantId: string | null; participantStatus: string | null; consented: boolean; holds: boolean; open: boolean }): Promise<boolean> {
  // not started, or not past consent yet: whether any unit still has room
  if (!row.participantId || !row.consented) return row.open && (row.participantStatus ?? "active") === "active";
  if (row.participantStatus !== "active") return false;
  if (row.holds) return true;
  // a screener not yet answered is asked first; past it, whether the lease would find a unit
  return anyEligible(pool(), { ...leaseRequest(parseStudy(row), row.participantId), screening: false });
}
