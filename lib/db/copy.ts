import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

// Bulk insert through COPY ... FROM STDIN (text format): the fastest way PostgreSQL takes rows.
export type CopyValue = string | number | boolean | null;

function escape(value: CopyValue): string {
  if (value === null) return "\\N";
  if (typeof value !== "string") return String(value);
  return value.replace(/[\\\n\r\t]/g, (c) => (c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\\t"));
}

export async function copyRows(client: pg.PoolClient | pg.Client, table: string, columns: string[], rows: CopyValue[][]): Promise<void> {
  if (rows.length === 0) return;
  const cols = columns.map((c) => `"${c}"`).join(", ");
  const stream = client.query(copyFrom(`COPY "${table}" (${cols}) FROM STDIN`));
  function* lines() {
    for (const row of rows) yield row.map(escape).join("\t") + "\n";
  }
  await pipeline(Readable.from(lines()), stream);
}
