import { csvRows } from "@/lib/csv";

// A study export as a table: typed columns, and rows produced once, in batches, then written as CSV
// or as Parquet (lib/studies/exports/parquet.ts). Both files come from the same rows, so they hold
// the same columns and values; only the encoding differs (CSV cells are text, formula-neutralized;
// Parquet keeps types and raw values).

export type ColumnType = "STRING" | "INT32" | "DOUBLE" | "BOOLEAN" | "TIMESTAMP";

export interface Column {
  name: string;
  type: ColumnType;
  /** false: never null (a REQUIRED Parquet column) */
  nullable: boolean;
}

/** A value as the row producers give it. TIMESTAMP: milliseconds since the epoch (UTC), or for CSV its ISO 8601 text. */
export type Cell = string | number | boolean | null;

export type Batches = AsyncIterable<Cell[][]>;

/** Rows per cursor round trip for the study exports (the next batch is fetched while one is written). */
export const BATCH = 2000;

/** Declares columns tersely: `name:TYPE` or `name:TYPE?` (nullable). */
export function columns(...specs: string[]): Column[] {
  return specs.map((spec) => {
    const [name, rest] = spec.split(":") as [string, string];
    const nullable = rest.endsWith("?");
    return { name, type: (nullable ? rest.slice(0, -1) : rest) as ColumnType, nullable };
  });
}

/** The header, then one chunk of RFC 4180 text per batch of rows. */
export async function* csvChunks(cols: readonly Column[], batches: Batches): AsyncGenerator<string> {
  yield csvRows([cols.map((c) => c.name)]);
  const timestamps = cols.flatMap((c, i) => (c.type === "TIMESTAMP" ? [i] : []));
  for await (const batch of batches) {
    if (!batch.length) continue;
    // ISO 8601 for a timestamp given as milliseconds (producers may give the ISO text already)
    if (timestamps.length) {
      for (const row of batch) {
        for (const i of timestamps) if (typeof row[i] === "number") row[i] = new Date(row[i]).toISOString();
      }
    }
    yield csvRows(batch);
  }
}

/** The same table less some columns (a public release leaves out platform ids). */
export function without(cols: readonly Column[], batches: Batches, names: readonly string[]): { columns: Column[]; batches: Batches } {
  const keep = cols.flatMap((c, i) => (names.includes(c.name) ? [] : [i]));
  async function* rows(): AsyncGenerator<Cell[][]> {
    for await (const batch of batches) yield batch.map((row) => keep.map((i) => row[i]!));
  }
  return { columns: keep.map((i) => cols[i]!), batches: rows() };
}
