import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { MIGRATIONS_DIR } from "@/lib/db/migrate";
import { pool } from "@/lib/db/pool";

/** A migration's backfill: its SQL from the comment line `marker` to the end. */
export function backfillOf(migration: string, marker: string): string {
  const sql = readFileSync(path.join(MIGRATIONS_DIR, migration, "migration.sql"), "utf8");
  const at = sql.indexOf(marker);
  if (at < 0) throw new Error(`${migration} has no "${marker}"`);
  return sql.slice(at);
}

// What the triggers write beside each answer (the votes, the kept tallies), as the migrations' own
// backfills write it for the rows stored before them.
const BACKFILLS = [
  ["20261128010000_votes", "-- the validation answers stored before"],
  ["20261128020000_unit_tallies", "-- the tallies of the validation answers stored before"],
  ["20261128150000_answer_tallies", "-- the baseline answers stored before"],
] as const;

/** For seeds that write a fresh database's answers with the triggers off (session_replication_role =
 *  replica, for speed): the rows the triggers would have written. Planned with statistics (ANALYZE:
 *  without them the planner takes the new tables for empty and loops over them for minutes). */
export async function fillAsTriggersWould(client: Pick<pg.ClientBase, "query">): Promise<void> {
  await client.query("ANALYZE");
  for (const [migration, marker] of BACKFILLS) await client.query(backfillOf(migration, marker));
}

/** `fn` in a transaction that is always rolled back: a backfill can be run again over the test database's rows. */
export async function rolledBack(fn: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    await fn(client);
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
}
