import type pg from "pg";
import { pool } from "@/lib/db/pool";
import { withTransaction } from "@/lib/db/tx";

// Reservations of units for participants. Exact N rests on PostgreSQL, not process memory:
// the unit row is locked while its count moves, the count can never pass `capacity` (a CHECK
// constraint), and (unit, participant) is unique. Safe across any number of app instances.

export interface Lease {
  assignmentId: string;
  unitId: string;
  expiresAt: Date;
  resumed: boolean;
}

export type LeaseResult = { kind: "leased"; lease: Lease } | { kind: "done"; reason: "limit_reached" | "none_left" };

/** Expired live leases give their units back. Concurrent sweepers take disjoint rows. */
export async function sweepExpired(studyId: string, client: pg.Pool | pg.PoolClient = pool()): Promise<number> {
  const { rowCount } = await client.query(
    `WITH stale AS (
       SELECT id FROM "Assignment"
       WHERE "studyId" = $1 AND status = 'live' AND "expiresAt" < now()
       ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1000
     ), expired AS (
       UPDATE "Assignment" a SET status = 'expired', "endedAt" = now()
       FROM stale WHERE a.id = stale.id
       RETURNING a."unitId"
     ), per_unit AS (SELECT "unitId", count(*)::int AS n FROM expired GROUP BY "unitId")
     UPDATE "StudyUnit" u SET "activeCount" = u."activeCount" - per_unit.n
     FROM per_unit WHERE u.id = per_unit."unitId"`,
    [studyId],
  );
  return rowCount ?? 0;
}

// Sweeping is maintenance, not correctness (a late submission on an unswept lease is still
// accepted, and the CHECK constraint holds either way), so each process sweeps a study at most
// every few seconds instead of on every request.
const SWEEP_EVERY_MS = 2_000;
const lastSweep = new Map<string, number>();

export async function leaseNext(opts: {
  studyId: string;
  participantId: string;
  leaseMinutes: number;
  maxUnits: number | null;
}): Promise<LeaseResult> {
  const now = Date.now();
  if (now - (lastSweep.get(opts.studyId) ?? 0) >= SWEEP_EVERY_MS) {
    lastSweep.set(opts.studyId, now);
    await sweepExpired(opts.studyId);
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    const result = await withTransaction((client) => tryLease(client, opts));
    if (result !== "contended") return result;
    // every eligible unit was locked by a concurrent lease; they are brief, so look again
    await new Promise((r) => setTimeout(r, 2 + Math.random() * 10));
  }
  return { kind: "done", reason: "none_left" };
}

async function tryLease(
  client: pg.PoolClient,
  opts: { studyId: string; participantId: string; leaseMinutes: number; maxUnits: number | null },
): Promise<LeaseResult | "contended"> {
  // Locking the participant row makes lease decisions one at a time per participant (two tabs,
  // a double click). Their current lease is read by a *later* statement: a statement's snapshot
  // is taken when it starts, so one that waited for the lock would miss the other's new lease.
  await client.query(`SELECT 1 FROM "Participant" WHERE id = $1 FOR UPDATE`, [opts.participantId]);
  const state = await client.query<{ held: { id: string; unitId: string; expiresAt: string } | null; taken: number }>(
    `SELECT (SELECT jsonb_build_object('id', a.id, 'unitId', a."unitId", 'expiresAt', a."expiresAt") FROM "Assignment" a
             WHERE a."participantId" = p.id AND a.status = 'live' AND a."expiresAt" > now() ORDER BY a."leasedAt" LIMIT 1) AS held,
            (SELECT count(*)::int FROM "Assignment" a WHERE a."participantId" = p.id AND a.status IN ('live', 'submitted')) AS taken
     FROM "Participant" p WHERE p.id = $1`,
    [opts.participantId],
  );
  const row = state.rows[0];
  if (!row) throw new Error(`participant ${opts.participantId} does not exist`);
  if (row.held) {
    return { kind: "leased", lease: { assignmentId: row.held.id, unitId: row.held.unitId, expiresAt: new Date(row.held.expiresAt), resumed: true } };
  }
  if (opts.maxUnits !== null && row.taken >= opts.maxUnits) return { kind: "done", reason: "limit_reached" };

  const eligible = `FROM "StudyUnit" u
     WHERE u."studyId" = $1 AND u."activeCount" < u.capacity
       AND NOT EXISTS (SELECT 1 FROM "Assignment" a WHERE a."unitId" = u.id AND a."participantId" = $2)`;
  // pick the least-annotated free unit (skipping ones another lease is taking right now), count
  // it, and reserve it, in one statement
  const leased = await client.query<{ id: string; unitId: string; expiresAt: Date }>(
    `WITH pick AS (SELECT u.id ${eligible} ORDER BY u."activeCount", u.tiebreak LIMIT 1 FOR UPDATE SKIP LOCKED),
          counted AS (UPDATE "StudyUnit" s SET "activeCount" = s."activeCount" + 1 FROM pick WHERE s.id = pick.id RETURNING s.id)
     INSERT INTO "Assignment" (id, "studyId", "unitId", "participantId", status, "leasedAt", "expiresAt")
     SELECT gen_random_uuid(), $1, counted.id, $2, 'live', now(), now() + make_interval(mins => $3) FROM counted
     RETURNING id, "unitId", "expiresAt"`,
    [opts.studyId, opts.participantId, opts.leaseMinutes],
  );
  const lease = leased.rows[0];
  if (!lease) {
    const any = await client.query(`SELECT 1 ${eligible} LIMIT 1`, [opts.studyId, opts.participantId]);
    return any.rowCount ? "contended" : { kind: "done", reason: "none_left" };
  }
  return { kind: "leased", lease: { assignmentId: lease.id, unitId: lease.unitId, expiresAt: lease.expiresAt, resumed: false } };
}

/** The participant gives a unit back; it becomes free for someone else (never for them again). */
export async function returnLease(opts: { participantId: string; assignmentId: string }): Promise<boolean> {
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ unitId: string }>(
      `UPDATE "Assignment" SET status = 'returned', "endedAt" = now()
       WHERE id = $1 AND "participantId" = $2 AND status = 'live'
       RETURNING "unitId"`,
      [opts.assignmentId, opts.participantId],
    );
    const unitId = rows[0]?.unitId;
    if (!unitId) return false;
    await client.query(`UPDATE "StudyUnit" SET "activeCount" = "activeCount" - 1 WHERE id = $1`, [unitId]);
    return true;
  });
}
