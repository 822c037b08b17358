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

/** The lines of a COPY text stream as bytes (views into the chunks read, a line across two chunks joined). */
async function* byteLines(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer[]> {
  let rest: Buffer | null = null;
  for await (const chunk of stream) {
    const buf: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
    const end = buf.lastIndexOf(NEWLINE);
    if (end < 0) {
      rest = buf;
      continue;
    }
    const out: Buffer[] = [];
    for (let start = 0; start <= end; ) {
      const nl = buf.indexOf(NEWLINE, start);
      out.push(buf.subarray(start, nl));
      start = nl + 1;
    }
    rest = end + 1 < buf.length ? buf.subarray(end + 1) : null;
    yield out;
  }
  if (rest?.length) yield [rest];
}

const NEWLINE = 0x0a;
const TAB = 0x09;
const BACKSLASH = 0x5c;
const BYTE_ESCAPES: Record<number, number> = { 0x62: 0x08, 0x66: 0x0c, 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x76: 0x0b };

/** copyField on bytes: the field's own bytes when it has no escape (a view, nothing copied). */
function copyBytes(field: Buffer): Buffer | null {
  if (field.length === 2 && field[0] === BACKSLASH && field[1] === 0x4e) return null;
  if (!field.includes(BACKSLASH)) return field;
  const out = Buffer.allocUnsafe(field.length);
  let n = 0;
  for (let i = 0; i < field.length; i++) {
    const c = field[i]!;
    if (c !== BACKSLASH || i === field.length - 1) {
      out[n++] = c;
      continue;
    }
    const next = field[++i]!;
    out[n++] = BYTE_ESCAPES[next] ?? next;
  }
  return out.subarray(0, n);
}

/** One line's values: text columns (`asBytes[i]`) as bytes, the others parsed from their text. */
function byteRow<T extends unknown[]>(line: Buffer, parsers: readonly ((text: string) => unknown)[], asBytes: readonly boolean[]): T {
  const row = new Array(parsers.length) as T;
  let start = 0;
  for (let i = 0; i < parsers.length; i++) {
    const tab = i === parsers.length - 1 ? line.length : line.indexOf(TAB, start);
    const field = line.subarray(start, tab);
    start = tab + 1;
    if (asBytes[i]) {
      row[i] = copyBytes(field);
    } else {
      const value = copyField(field.toString("utf8"));
      row[i] = value === null ? null : parsers[i]!(value);
    }
  }
  return row;
}

/**
 * Batches of a query's rows as arrays (one value per column, typed as pg types them), `batchSize` rows at most each.
 * `textAsBytes`: each column pg hands on as text unparsed (text, varchar, uuid…) comes as its UTF-8 bytes
 * instead, for a writer that would encode the string to bytes again (Parquet): no string is made for it.
 */
export async function* copyArrays<T extends unknown[] = unknown[]>(sql: string, params: readonly string[] = [], batchSize = 2000, opts: { textAsBytes?: boolean } = {}): AsyncGenerator<T[]> {
  const client = await pool().connect();
  let failed: Error | null = null;
  let done = false;
  try {
    // the columns' types, without running the query
    const { fields } = await client.query({ text: `SELECT * FROM (${sql}) x LIMIT 0`, values: [...params] });
    const parsers = fields.map((f) => client.getTypeParser(f.dataTypeID, "text") as (text: string) => unknown);
    // the parser pg gives text itself: the value as it came
    const asText = client.getTypeParser(25, "text");
    const asBytes = parsers.map((p) => opts.textAsBytes === true && p === asText);
    const stream = client.query(copyTo(`COPY (${inlineParams(client, sql, params)}) TO STDOUT`));
    let batch: T[] = [];
    const rows = opts.textAsBytes ? byteRows<T>(stream, parsers, asBytes) : textRows<T>(stream, parsers);
    for await (const group of rows) {
      for (const row of group) {
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

async function* textRows<T extends unknown[]>(stream: AsyncIterable<Buffer>, parsers: readonly ((text: string) => unknown)[]): AsyncGenerator<T[]> {
  for await (const group of lines(stream)) {
    yield group.map((line) => {
      const cells = line.split("\t");
      const row = new Array(cells.length) as T;
      for (let i = 0; i < cells.length; i++) {
        const value = copyField(cells[i]!);
        row[i] = value === null ? null : parsers[i]!(value);
      }
      return row;
    });
  }
}

async function* byteRows<T extends unknown[]>(stream: AsyncIterable<Buffer>, parsers: readonly ((text: string) => unknown)[], asBytes: readonly boolean[]): AsyncGenerator<T[]> {
  for await (const group of byteLines(stream)) yield group.map((line) => byteRow<T>(line, parsers, asBytes));
}
