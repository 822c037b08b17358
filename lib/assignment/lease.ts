import { named } from "@/lib/db/named";
import type { Queryable } from "@/lib/db/queryable";
import { withRetries } from "@/lib/db/retry";

// Reservations of units for participants. Exact N rests on PostgreSQL, not process memory: the
// unit row is locked while its counts move, the counts can never pass capacity (CHECK
// constraints on the unit and on each group's quota), (unit, participant) is unique, and a
// participant holds at most one live lease (a partial unique index). A lease is one statement:
// the held lease or a new one, the participant's counts, and the unit, its context and its
// questions for the view, in a single round trip. Safe across any number of app instances.

export interface GroupRule {
  /** a fixed group for the whole study (URL parameter, uploaded list) */
  fixed: boolean;
  /** per-item membership: names[0] for units whose groupValue the participant listed, else names[1] */
  members: string;
  others: string;
  /** per-item balance: |units as member − units as other| stays within this */
  tolerance: number;
}

export interface LeaseRequest {
  studyId: string;
  participantId: string;
  leaseMinutes: number;
  maxUnits: number | null;
  /** fill: finish started units first; spread: least answered first; random: a different order per participant */
  order: "fill" | "spread" | "random";
  maxUnitsPerContext: number | null;
  /** question ids the participant must not see again (linked studies) */
  avoidQuestions: string[];
  groups: GroupRule | null;
  /** read the unit's questions into the result (the view needs them) */
  withQuestions: boolean;
  /** the study asks a screener (or a familiarity check) before the first unit */
  screening?: boolean;
}

export interface LeasedRow {
  assignmentId: string;
  unitId: string;
  expiresAt: Date;
  stage: number;
  group: string | null;
  resumed: boolean;
  contextId: string;
  questionId: string | null;
  questionIds: string[];
  model: string | null;
  stratum: Record<string, string> | null;
  ordinal: number;
  context: { id: string; title: string | null; defaultView: string; views: Record<string, unknown> };
  questions: unknown[] | null;
  /** the stored answer of the previous stage, at stage 2 */
  previous: unknown;
}

export type LeaseResult =
  | { kind: "leased"; lease: LeasedRow; done: number }
  | { kind: "done"; reason: "limit_reached" | "none_left"; done: number }
  | { kind: "stopped"; status: string; done: number }
  | { kind: "closed"; state: string }
  | { kind: "consent_required" }
  | { kind: "screener_required" }
  | { kind: "unknown_participant" };

/** Expired live leases give their units (and group quotas) back. Concurrent sweepers take disjoint rows. */
export async function sweepExpired(client: Queryable, studyId: string, participantId?: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `WITH stale AS (
       SELECT id FROM "Assignment"
       WHERE "studyId" = $1 AND status = 'live' AND "expiresAt" < now() AND ($2::uuid IS NULL OR "participantId" = $2)
       ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1000
     ), expired AS (
       UPDATE "Assignment" a SET status = 'expired', "endedAt" = now()
       FROM stale WHERE a.id = stale.id
       RETURNING a."unitId", a."group"
     ), per_unit AS (SELECT "unitId", count(*)::int AS n FROM expired GROUP BY "unitId"),
     units AS (
       UPDATE "StudyUnit" u SET "activeCount" = u."activeCount" - per_unit.n FROM per_unit WHERE u.id = per_unit."unitId" RETURNING u.id
     ), per_quota AS (SELECT "unitId", "group", count(*)::int AS n FROM expired WHERE "group" IS NOT NULL GROUP BY "unitId", "group"),
     quotas AS (
       UPDATE "UnitQuota" q SET "activeCount" = q."activeCount" - per_quota.n FROM per_quota
       WHERE q."unitId" = per_quota."unitId" AND q."group" = per_quota."group" RETURNING q."unitId"
     )
     SELECT (SELECT count(*) FROM expired)::int AS n, (SELECT count(*) FROM units) + (SELECT count(*) FROM quotas) AS touched`,
    [studyId, participantId ?? null],
  );
  return rows[0]?.n ?? 0;
}

// Sweeping is maintenance, not correctness (a late submission on an unswept lease is still
// accepted, and the CHECK constraints hold either way), so each process sweeps a study at most
// every few seconds instead of on every request.
const SWEEP_EVERY_MS = 2_000;
const lastSweep = new Map<string, number>();

export async function sweepThrottled(client: Queryable, studyId: string): Promise<void> {
  const now = Date.now();
  if (now - (lastSweep.get(studyId) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(studyId, now);
  await sweepExpired(client, studyId);
}

const ORDERS = {
  fill: `u."activeCount" DESC, u.tiebreak`,
  spread: `u."activeCount" ASC, u.tiebreak`,
  // the same participant always sees the same order (a refresh changes nothing), others another
  random: `md5($2::text || u.id::text)`,
} as const;

function groupSql(req: LeaseRequest, p: (v: unknown) => string): { expr: string; where: string; order: string } {
  const g = req.groups;
  if (!g) return { expr: "NULL::text", where: "", order: "" };
  if (g.fixed) {
    const expr = `(SELECT "group" FROM me)`;
    return { expr, where: ` AND EXISTS (SELECT 1 FROM "UnitQuota" q WHERE q."unitId" = u.id AND q."group" = ${expr} AND q."activeCount" < q.capacity)`, order: "" };
  }
  const members = p(g.members);
  const others = p(g.others);
  const isMember = (unit: string) => `COALESCE(${unit}."groupValue" = ANY((SELECT "groupValues" FROM me)::text[]), false)`;
  const expr = `(CASE WHEN ${isMember("u")} THEN ${members} ELSE ${others} END)`;
  // how far ahead the unit's group already is for this participant (negative: behind)
  const lead = `(CASE WHEN ${expr} = ${members} THEN (SELECT gm FROM mine) - (SELECT go FROM mine) ELSE (SELECT go FROM mine) - (SELECT gm FROM mine) END)`;
  // The balance binds only someone the study's units put in both groups: a participant who read
  // none of the books (or all of them) can never even up, and was sent away after one unit.
  const inBoth =
    `(EXISTS (SELECT 1 FROM "StudyUnit" b WHERE b."studyId" = $1 AND ${isMember("b")})` +
    ` AND EXISTS (SELECT 1 FROM "StudyUnit" b WHERE b."studyId" = $1 AND NOT ${isMember("b")}))`;
  return {
    expr,
    where:
      ` AND EXISTS (SELECT 1 FROM "UnitQuota" q WHERE q."unitId" = u.id AND q."group" = ${expr} AND q."activeCount" < q.capacity)` +
      ` AND (${lead} + 1 <= ${p(g.tolerance)} OR NOT ${inBoth})`,
    order: `${lead}, `,
  };
}

/** The statement: with `probe`, only whether any unit is still open to the participant (no lock, no write). */
function leaseSql(req: LeaseRequest, probe = false): { text: string; values: unknown[] } {
  const values: unknown[] = [req.studyId, req.participantId, req.leaseMinutes, req.maxUnits];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const perItem = req.groups && !req.groups.fixed ? req.groups : null;
  const gm = perItem ? p(perItem.members) : "NULL";
  const go = perItem ? p(perItem.others) : "NULL";
  const group = groupSql(req, p);
  const perContext =
    req.maxUnitsPerContext === null
      ? ""
      : ` AND (SELECT count(*) FROM "Assignment" a2 JOIN "StudyUnit" u2 ON u2.id = a2."unitId"
               WHERE a2."participantId" = $2 AND a2.status IN ('live', 'submitted') AND u2."contextId" = u."contextId") < ${p(req.maxUnitsPerContext)}`;
  // The pick locks the unit FOR NO KEY UPDATE, the lock its count's UPDATE takes anyway: it
  // excludes every other lease of the unit as FOR UPDATE did, but not the foreign-key checks
  // (FOR KEY SHARE) of submits writing answers to that unit, which FOR UPDATE made wait for the
  // lease's whole statement (and which made SKIP LOCKED pass over units being answered).
  const avoid = req.avoidQuestions.length ? ` AND NOT (u."questionIds" && ${p(req.avoidQuestions)}::uuid[])` : "";
  const selection = `
    WITH me AS (
      SELECT p.status, p."group", p."groupValues", p."consentedAt" IS NOT NULL AS consented, p.screener IS NOT NULL AS screened, s.state AS "studyState"
      FROM "Participant" p JOIN "Study" s ON s.id = p."studyId" WHERE p.id = $2 AND p."studyId" = $1
    ), held AS (
      SELECT a.id, a."unitId", a."expiresAt", a.stage, a."group"
      FROM "Assignment" a WHERE a."participantId" = $2 AND a.status = 'live' AND a."expiresAt" > now()
      ORDER BY a."leasedAt" LIMIT 1
    ), mine AS (
      SELECT count(*) FILTER (WHERE a.status IN ('live', 'submitted'))::int AS taken,
             count(*) FILTER (WHERE a.status = 'submitted')::int AS done,
             count(*) FILTER (WHERE a.status IN ('live', 'submitted') AND a."group" = ${gm})::int AS gm,
             count(*) FILTER (WHERE a.status IN ('live', 'submitted') AND a."group" = ${go})::int AS go
      FROM "Assignment" a WHERE a."participantId" = $2
    ), pick AS (
      SELECT u.id, ${group.expr} AS grp FROM "StudyUnit" u
      WHERE u."studyId" = $1 AND u."activeCount" < u.capacity
        AND NOT EXISTS (SELECT 1 FROM held)
        AND (SELECT status FROM me) = 'active' AND (SELECT "studyState" FROM me) = 'open' AND (SELECT consented FROM me)${req.screening ? ` AND (SELECT screened FROM me)` : ""}
        AND ($4::int IS NULL OR (SELECT taken FROM mine) < $4)
        AND NOT EXISTS (SELECT 1 FROM "Assignment" a WHERE a."unitId" = u.id AND a."participantId" = $2)${group.where}${perContext}${avoid}
      ORDER BY ${group.order}${ORDERS[req.order]}
      LIMIT 1${probe ? "" : " FOR NO KEY UPDATE OF u SKIP LOCKED"}
    )`;
  // the lease minutes take no part in the probe, but every parameter needs a type
  if (probe) return { text: `${selection} SELECT 1 FROM pick WHERE $3::int IS NOT NULL`, values };
  const quotaStep = req.groups
    ? `quota AS (
         UPDATE "UnitQuota" q SET "activeCount" = q."activeCount" + 1 FROM pick
         WHERE q."unitId" = pick.id AND q."group" = pick.grp AND q."activeCount" < q.capacity RETURNING q."unitId" AS id, q."group" AS grp
       )`
    : `quota AS (SELECT id, grp FROM pick)`;
  const withQuestions = p(req.withQuestions);
  const text = `${selection}, ${quotaStep}, counted AS (
      UPDATE "StudyUnit" s SET "activeCount" = s."activeCount" + 1 FROM quota WHERE s.id = quota.id RETURNING s.id, quota.grp
    ), ins AS (
      INSERT INTO "Assignment" (id, "studyId", "unitId", "participantId", status, "group", "leasedAt", "expiresAt")
      SELECT gen_random_uuid(), $1, counted.id, $2, 'live', counted.grp, now(), now() + make_interval(mins => $3) FROM counted
      RETURNING id, "unitId", "expiresAt", stage, "group"
    ), served AS (
      -- a later stage's content leaves the server now: from here on an answer to it is accepted
      UPDATE "Assignment" a SET "servedStage" = a.stage FROM held WHERE a.id = held.id AND a."servedStage" < a.stage RETURNING a.id
    ), leased AS (
      SELECT id, "unitId", "expiresAt", stage, "group", true AS resumed FROM held
      UNION ALL SELECT id, "unitId", "expiresAt", stage, "group", false FROM ins
    )
    SELECT (SELECT count(*) FROM me)::int AS found, (SELECT status FROM me) AS status, (SELECT "studyState" FROM me) AS "studyState", (SELECT consented FROM me) AS consented,
           (SELECT screened FROM me) AS screened, (SELECT taken FROM mine) AS taken, (SELECT done FROM mine) AS done, (SELECT count(*) FROM served)::int AS "servedNow",
           l.id AS "assignmentId", l."unitId", l."expiresAt", l.stage, l."group", l.resumed,
           u."contextId", u."questionId", u."questionIds", u.model, u.stratum, u.ordinal,
           jsonb_build_object('id', c.id, 'title', c.title, 'defaultView', c."defaultView", 'views', c.views) AS context,
           CASE WHEN ${withQuestions}::boolean THEN (
             SELECT jsonb_agg(to_jsonb(q) ORDER BY w.i) FROM unnest(u."questionIds") WITH ORDINALITY AS w(id, i) JOIN "Question" q ON q.id = w.id
           ) END AS questions,
           (SELECT r.payload FROM "Response" r WHERE r."assignmentId" = l.id AND r.stage = l.stage - 1) AS previous
    FROM (SELECT 1) AS one
    LEFT JOIN leased l ON true
    LEFT JOIN "StudyUnit" u ON u.id = l."unitId"
    LEFT JOIN "Context" c ON c.id = u."contextId"`;
  return { text, values };
}

interface Row extends Omit<LeasedRow, "resumed"> {
  found: number;
  studyState: string | null;
  consented: boolean | null;
  screened: boolean | null;
  servedNow: number;
  status: string | null;
  taken: number | null;
  done: number | null;
  assignmentId: string;
  resumed: boolean | null;
}

/** The participant's held lease, or a new one, with everything the unit's view needs. */
export async function leaseNext(client: Queryable, req: LeaseRequest): Promise<LeaseResult> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { text, values } = leaseSql(req);
    let row: Row | undefined;
    try {
      row = (await withRetries(() => client.query<Row>(named(text, values)))).rows[0];
    } catch (err) {
      // two tabs racing: the other's lease won (one live lease per participant), or the
      // participant's own lease expired unswept; clear it and look again
      if ((err as { code?: string }).code === "23505" || (err as { code?: string }).code === "23514") {
        await sweepExpired(client, req.studyId, req.participantId);
        continue;
      }
      throw err;
    }
    if (!row || row.found === 0) return { kind: "unknown_participant" };
    const done = row.done ?? 0;
    if (!row.consented) return { kind: "consent_required" };
    if (row.status !== "active") return { kind: "stopped", status: row.status ?? "unknown", done };
    if (row.studyState !== "open") return { kind: "closed", state: row.studyState ?? "unknown" };
    if (req.screening && !row.screened) return { kind: "screener_required" };
    if (row.assignmentId) {
      const { found: _f, status: _s, taken: _t, done: _d, servedNow: _n, studyState: _st, consented: _c, screened: _sc, ...lease } = row;
      return { kind: "leased", lease: { ...lease, resumed: Boolean(lease.resumed) }, done };
    }
    if (req.maxUnits !== null && (row.taken ?? 0) >= req.maxUnits) return { kind: "done", reason: "limit_reached", done };
    // nothing leased: every eligible unit was locked by a concurrent lease (they are brief), or none is left
    if (!(await anyEligible(client, req))) return { kind: "done", reason: "none_left", done };
    await new Promise((r) => setTimeout(r, 2 + Math.random() * 10));
  }
  return { kind: "done", reason: "none_left", done: 0 };
}

export async function anyEligible(client: Queryable, req: LeaseRequest): Promise<boolean> {
  const { text, values } = leaseSql(req, true);
  const { rowCount } = await client.query(named(text, values));
  return (rowCount ?? 0) > 0;
}

/** The participant gives a unit back; it becomes free for someone else (never for them again). */
export async function returnLease(client: Queryable, opts: { participantId: string; assignmentId: string }): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `WITH returned AS (
       UPDATE "Assignment" SET status = 'returned', "endedAt" = now()
       WHERE id = $1 AND "participantId" = $2 AND status = 'live'
       RETURNING "unitId", "group"
     ), unit AS (
       UPDATE "StudyUnit" u SET "activeCount" = u."activeCount" - 1 FROM returned WHERE u.id = returned."unitId" RETURNING u.id
     ), quota AS (
       UPDATE "UnitQuota" q SET "activeCount" = q."activeCount" - 1 FROM returned
       WHERE q."unitId" = returned."unitId" AND q."group" = returned."group" RETURNING q."unitId"
     )
     SELECT (SELECT count(*) FROM returned)::int + 0 * (SELECT count(*) FROM unit) + 0 * (SELECT count(*) FROM quota) AS n`,
    [opts.assignmentId, opts.participantId],
  );
  return (rows[0]?.n ?? 0) > 0;
}
