import { closePool } from "@/lib/db/pool";
import { disconnectDb } from "@/lib/db/client";
import { readEnv } from "@/lib/env";
import { prepareDatabase } from "@/lib/runtime/database";

// CLI commands that touch the database: DATABASE_URL, or the embedded server (shared with a
// running `npm start`, or started for this command and stopped after it).
export async function withDatabase<T>(fn: () => Promise<T>): Promise<T> {
  const database = await prepareDatabase(readEnv(), (line) => process.stderr.write(`[sally] ${line}\n`));
  process.env.DATABASE_URL = database.url;
  try {
    return await fn();
  } finally {
    await disconnectDb().catch(() => {});
    await closePool().catch(() => {});
    await database.embedded?.stop();
  }
}

/** `--json`: the last line printed is one JSON object (or array). */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + "\n");
}
