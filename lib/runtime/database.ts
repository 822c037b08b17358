import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedServer } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { describeDatabaseUrl } from "@/lib/db/url";
import type { Env } from "@/lib/env";

// Shared by `npm start` and the CLI: use DATABASE_URL, or start the embedded server, then
// make sure the database answers and is migrated.
export interface ReadyDatabase {
  url: string;
  embedded: EmbeddedServer | null;
}

export async function prepareDatabase(e: Env, say: (line: string) => void): Promise<ReadyDatabase> {
  let embedded: EmbeddedServer | null = null;
  let url = e.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.resolve(e.SALLY_DATA_DIR),
      port: e.SALLY_PG_PORT,
      database: "sally",
      log: say,
    });
    url = embedded.url;
  } else {
    await assertReachable(url);
  }
  try {
    const result = await migrate(url, { log: say });
    if (result.applied.length === 0) say(`database schema is up to date (${result.alreadyApplied} migrations)`);
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  return { url, embedded };
}

export async function assertReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message.split("\n")[0];
    throw new Error(
      `Cannot reach PostgreSQL at ${describeDatabaseUrl(url)} (${reason}).\n` +
        `Check that the server is running and DATABASE_URL is right, or unset DATABASE_URL to use the embedded database.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}
