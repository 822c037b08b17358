import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

// Applies prisma/migrations/*/migration.sql in name order and records them in
// `_prisma_migrations` exactly as `prisma migrate deploy` does, so either tool can take over.
// Prisma's own advisory-lock key: our runner and `prisma migrate deploy` exclude each other.
const PRISMA_ADVISORY_LOCK = 72707369;

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export async function migrate(
  connectionString: string,
  options: { dir?: string; log?: (line: string) => void } = {},
): Promise<MigrateResult> {
  const say = options.log ?? (() => {});
  const migrations = await readMigrations(options.dir);
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    // Session-level lock: a second instance waits here until the first has finished.
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
    const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
    if (failed) {
      throw new Error(
        `Migration ${failed.migration_name} failed earlier and is not rolled back; fix the database, then mark it rolled back.`,
      );
    }
    const done = new Map(rows.filter((r) => r.finished_at).map((r) => [r.migration_name, r.checksum]));
    const known = new Set(migrations.map((m) => m.name));
    const unknown = [...done.keys()].filter((name) => !known.has(name));
    if (unknown.length) say(`warning: the database has migrations this code does not know: ${unknown.join(", ")}`);

    const applied: string[] = [];
    for (const m of migrations) {
      const previous = done.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum) say(`warning: migration ${m.name} was edited after it was applied`);
        continue;
      }
      // a migration filling in kept counts for the answers already stored can take minutes: say which
      say(`applying migration ${m.name}`);
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed and was rolled back`, { cause: err });
      }
      say(`applied migration ${m.name}`);
      applied.push(m.name);
    }
    return { applied, alreadyApplied: done.size };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => {});
    await client.end();
  }
}
