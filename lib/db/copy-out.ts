import { StringDecoder } from "node:string_decoder";
import { to as copyTo } from "pg-copy-streams";
import type pg from "pg";
import { pool } from "@/lib/db/pool";

// A query's rows through COPY (...) TO STDOUT instead of a cursor. PostgreSQL plans a cursor
// that is read in batches without parallel workers; COPY gets the parallel plan, so a million
// joined and sorted rows reach their first byte about twice as soon (docs/benchmarks.md,
// bench:export). Each value is read by the parser pg itself would use for its column's type
// (taken from the query's own result description), so the rows equal a cursor's row for row.
// COPY takes no bind parameters: the parameters (uuids and the like) go in as quoted literals.

/** The query with each $n (at most 9) replaced by its value as an SQL literal. */
export function inlineParams(client: Pick<pg.PoolClient, "escapeLiteral">, sql: string, params: readonly string[]): string {
  if (params.length > 9) throw new Error("at most 9 parameters");
  // from the highest number down, so that no literal put in is read again for a lower number
  let text = sql;
  for (let i = params.length; i >= 1; i--) text = text.replaceAll(`$${i}`, client.escapeLiteral(params[i - 1]!));
  return text;
}

const ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };

/** One field of COPY's text format: `\N` is NULL; backslash escapes a control character or itself. */
export function copyField(text: string): string | null {
  if (text === "\\N") return null;
  if (!text.includes("\\")) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== "\\" || i === text.length - 1) {
      out += c;
      continue;
    }
    const next = text[++i]!;
    out += ESCAPES[next] ?? next;
  }
  return out;
}

/** The lines of a COPY text stream, split as chunks arrive (a data newline is escaped, never raw). */
async function* lines(stream: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  const decoder = new StringDecoder("utf8");
  let rest = "";
  for await (const chunk of stream) {
    const text = rest + decoder.write(chunk);
    const end = text.lastIndexOf("\n");
    if (end < 0) {
      rest = text;
      continue;
    }
    rest = text.slice(end + 1);
    yield text.slice(0, end).split("\n");
  }
  rest += decoder.end();
  if (rest) yield [rest];
}

/** Batches of a query's rows as arrays (one value per column, typed as pg types them), `batchSize` rows at most each. */
export async function* copyArrays<T extends unknown[] = unknown[]>(sql: string, params: readonly string[] = [], batchSize = 2000): AsyncGenerator<T[]> {
  const client = await pool().connect();
  let failed: Error | null = null;
  let done = false;
  try {
    // the columns' types, without running the query
    const { fields } = await client.query({ text: `SELECT * FROM (${sql}) x LIMIT 0`, values: [...params] });
    const parsers = fields.map((f) => client.getTypeParser(f.dataTypeID, "text") as (text: string) => unknown);
    const stream = client.query(copyTo(`COPY (${inlineParams(client, sql, params)}) TO STDOUT`));
    let batch: T[] = [];
    for await (const group of lines(stream)) {
      for (const line of group) {
        const cells = line.split("\t");
        const row = new Array(cells.length) as T;
        for (let i = 0; i < cells.length; i++) {
          const value = copyField(cells[i]!);
          row[i] = value === null ? null : parsers[i]!(value);
        }
        batch.push(row);
        if (batch.length === batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
    if (batch.length) yield batch;
    done = true;
  } catch (err) {
    failed = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    // a consumer that stopped early leaves the COPY running: the connection is dropped, not reused
    client.release(failed ?? (done ? undefined : new Error("copy stopped early")));
  }
}
