import { anyEligible } from "@/lib/assignment/lease";
import type { Queryable } from "@/lib/db/queryable";
import { withSnapshot } from "@/lib/db/snapshot";
import type { Study } from "@/lib/designs";
import { needsScreening } from "@/lib/participants/screener";
import { leaseRequest } from "@/lib/participants/task";

// For a groups study: how full each group's quotas are, how many units are still short of each
// group's answers, and which active participants the rules can no longer serve (their group's
// places are taken, or their balance tolerance leaves them nothing) while units are still short.
// Someone who finished, or has not yet answered the screener, is not counted.

export interface GroupFill {
  groups: { group: string; capacity: number; submitted: number; live: number; unitsShort: number }[];
  /** active participants with nothing they may be given while some unit is still short */
  unserved: { participantId: string; pseudonym: string; externalId: string | null; group: string | null; values: string[]; done: number }[];
  /** participants the screener put in no group (turned away on their answer) */
  screenedOut: number;
  /** more idle participants than were probed: `unserved` lists those among the first PROBE_LIMIT */
  probedOnly: number | null;
}

/** The page's and the API's read: the quotas, the screened-out count and the probes see one moment,
 *  so the idle people listed are judged against the same quotas the table shows. */
export function readGroupFill(study: Study): Promise<GroupFill | null> {
  return withSnapshot((db) => groupFill(db, study), 1);
}

/** At most this many idle participants are probed (one read each); the page says when there were more. */
const PROBE_LIMIT = 200;

export async function groupFill(client: Queryable, study: Study): Promise<GroupFill | null> {
  const names = study.settings.groups?.names;
  if (!names) return null;
  const { rows } = await client.query<{ group: string; capacity: number; submitted: number; live: number; unitsShort: number }>(
    `WITH done AS (
       SELECT a."unitId", a."group", count(*)::int AS n FROM "Assignment" a
       WHERE a."studyId" = $1 AND a.status = 'submitted' GROUP BY 1, 2
     )
     SELECT q."group", sum(q.capacity)::int AS capacity, coalesce(sum(d.n), 0)::int AS submitted,
            (sum(q."activeCount") - coalesce(sum(d.n), 0))::int AS live,
            count(*) FILTER (WHERE coalesce(d.n, 0) < q.capacity)::int AS "unitsShort"
     FROM "UnitQuota" q JOIN "StudyUnit" u ON u.id = q."unitId"
     LEFT JOIN done d ON d."unitId" = q."unitId" AND d."group" = q."group"
     WHERE u."studyId" = $1 GROUP BY q."group"`,
    [study.id],
  );
  const byName = new Map(rows.map((r) => [r.group, r]));
  const groups = names.map((group) => byName.get(group) ?? { group, capacity: 0, submitted: 0, live: 0, unitsShort: 0 });
  const out = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Participant" WHERE "studyId" = $1 AND status = 'screened_out'`, [study.id]);
  const screenedOut = out.rows[0]?.n ?? 0;
  if (groups.every((g) => g.unitsShort === 0) || study.state !== "open") return { groups, unserved: [], screenedOut, probedOnly: null };
  const idle = await client.query<{ participantId: string; pseudonym: string; externalId: string | null; group: string | null; values: string[]; done: number }>(
    `SELECT p.id AS "participantId", p.pseudonym, p."externalId", p."group", p."groupValues" AS values,
            (SELECT count(*)::int FROM "Assignment" a WHERE a."participantId" = p.id AND a.status = 'submitted') AS done
     FROM "Participant" p
     WHERE p."studyId" = $1 AND p.status = 'active' AND p."consentedAt" IS NOT NULL AND p."completedAt" IS NULL
       AND (NOT $2 OR p.screener IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM "Assignment" a WHERE a."participantId" = p.id AND a.status = 'live' AND a."expiresAt" > now())
     ORDER BY p."createdAt" LIMIT ${PROBE_LIMIT}`,
    [study.id, needsScreening(study)],
  );
  const unserved: GroupFill["unserved"] = [];
  for (const p of idle.rows) {
    const req = leaseRequest(study, p.participantId);
    if (req.maxUnits !== null && p.done >= req.maxUnits) continue;
    if (!(await anyEligible(client, req))) unserved.push(p);
  }
  return { groups, unserved, screenedOut, probedOnly: idle.rows.length === PROBE_LIMIT ? PROBE_LIMIT : null };
}
