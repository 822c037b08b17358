import type pg from "pg";
import { pool } from "@/lib/db/pool";

// A transaction on a dedicated pool client, for paths that work outside Prisma. Deadlocks and
// serialization failures are retried: the whole function runs again on a fresh transaction.
const RETRYABLE = new Set(["40001", "40P01"]);

export async function withTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>, retries = 5): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const client = await pool().connect();
    try {
      await client.query("BEGIN");
      const result = await fn(client);
      await client.query("COMMIT");
      return result;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      const code = (err as { code?: string }).code;
      if (code && RETRYABLE.has(code) && attempt < retries) {
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
        continue;
      }
      throw err;
    } finally {
      client.release();
    }
  }
}
