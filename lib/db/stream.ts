import Cursor from "pg-cursor";
import QueryStream from "pg-query-stream";
import { pool } from "@/lib/db/pool";

// Rows of a query, fetched through a server-side cursor in batches: exports never hold a
// whole table in memory.
export async function* streamRows<T>(sql: string, params: unknown[] = [], batchSize = 1000): AsyncGenerator<T> {
  const client = await pool().connect();
  try {
    const stream = client.query(new QueryStream(sql, params, { batchSize }));
    for await (const row of stream) yield row as T;
  } finally {
    client.release();
  }
}

/**
 * Batches of a query's rows straight from a cursor, `batchSize` rows per round trip. The next
 * batch is asked for before this one is handed on, so PostgreSQL produces it while the consumer
 * writes this one: memory holds two batches at most.
 */
async function* cursorBatches<T>(sql: string, params: unknown[], batchSize: number, config?: Cursor.CursorQueryConfig): AsyncGenerator<T[]> {
  const client = await pool().connect();
  const cursor = client.query(new Cursor<T>(sql, params, config));
  const read = (): Promise<T[]> => {
    const p = cursor.read(batchSize);
    // a read that fails while the consumer is busy is rethrown when awaited, not reported as unhandled
    p.catch(() => {});
    return p;
  };
  let pending: Promise<T[]> | null = read();
  let failed: Error | null = null;
  try {
    while (pending) {
      const rows: T[] = await pending;
      // a short batch was the last one: PostgreSQL has closed the portal already
      pending = rows.length === batchSize ? read() : null;
      if (rows.length) yield rows;
    }
  } catch (err) {
    failed = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    if (!failed) {
      try {
        // a consumer that stopped early: let the batch in flight arrive, then close the portal
        if (pending) await pending;
        await cursor.close();
      } catch (err) {
        failed = err instanceof Error ? err : new Error(String(err));
      }
    }
    // after a failed query or close the connection is dropped, never handed to the next export
    client.release(failed ?? undefined);
  }
}

/** The rows of a query as objects, a batch at a time (consumers do their work per batch). */
export function streamBatches<T>(sql: string, params: unknown[] = [], batchSize = 2000): AsyncGenerator<T[]> {
  return cursorBatches<T>(sql, params, batchSize);
}

/** The same as arrays, one value per column in the SELECT's order: no object per row (bulk exports). */
export function streamArrays<T extends unknown[] = unknown[]>(sql: string, params: unknown[] = [], batchSize = 2000): AsyncGenerator<T[]> {
  return cursorBatches<T>(sql, params, batchSize, { rowMode: "array" });
}
