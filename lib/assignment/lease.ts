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

export async function leaseNext(opts: {
  studyId: string;
  participantId: string;
  leaseMinutes: number;
  maxUnits: number | null;
}): Promise<LeaseResult> {
  await sweepExpired(opts.studyId);
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
  // One lease decision per participant at a time (two tabs, a double click).
  await client.query(`SELECT 1 FROM "Participant" WHERE id = $1 FOR UPDATE`, [opts.participantId]);

  const current = await client.query<{ id: string; unitId: string; expiresAt: Date }>(
    `SELECT id, "unitId", "expiresAt" FROM "Assignment"
     WHERE "participantId" = $1 AND status = 'live' AND "expiresAt" > now()
     ORDER BY "leasedAt" LIMIT 1`,
    [opts.participantId],
  );
  const held = current.rows[0];
  if (held) return { kind: "leased", lease: { assignmentId: held.id, unitId: held.unitId, expiresAt: held.expiresAt, resumed: true } };

  if (opts.maxUnits !== null) {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Assignment" WHERE "participantId" = $1 AND status IN ('live', 'submitted')`,
      [opts.participantId],
    );
    if ((rows[0]?.n ?? 0) >= opts.maxUnits) return { kind: "done", reason: "limit_reached" };
  }

  const eligible = `FROM "StudyUnit" u
     WHERE u."studyId" = $1 AND u."activeCount" < u.capacity
       AND NOT EXISTS (SELECT 1 FROM "Assignment" a WHERE a."unitId" = u.id AND a."participantId" = $2)`;
  const picked = await client.query<{ id: string }>(
    `SELECT u.id ${eligible} ORDER BY u."activeCount", u.tiebreak LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [opts.studyId, opts.participantId],
  );
  const unit = picked.rows[0];
  if (!unit) {
    const any = await client.query(`SELECT 1 ${eligible} LIMIT 1`, [opts.studyId, opts.participantId]);
    return any.rowCount ? "contended" : { kind: "done", reason: "none_left" };
  }
  await client.query(`UPDATE "StudyUnit" SET "activeCount" = "activeCount" + 1 WHERE id = $1`, [unit.id]);
  const inserted = await client.query<{ id: string; expiresAt: Date }>(
    `INSERT INTO "Assignment" (id, "studyId", "unitId", "participantId", status, "leasedAt", "expiresAt")
     VALUES (gen_random_uuid(), $1, $2, $3, 'live', now(), now() + make_interval(mins => $4))
     RETURNING id, "expiresAt"`,
    [opts.studyId, unit.id, opts.participantId, opts.leaseMinutes],
  );
  const row = inserted.rows[0]!;
  return { kind: "leased", lease: { assignmentId: row.id, unitId: unit.id, expiresAt: row.expiresAt, resumed: false } };
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
