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
