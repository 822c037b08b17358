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
 * The same, handed on a batch at a time: consumers that turn rows into text or columns do their
 * work per batch, and the cursor fetches `batchSize` rows per round trip.
 */
export async function* streamBatches<T>(sql: string, params: unknown[] = [], batchSize = 2000): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const row of streamRows<T>(sql, params, batchSize)) {
    batch.push(row);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
