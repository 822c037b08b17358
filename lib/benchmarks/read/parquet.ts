import { readFile } from "node:fs/promises";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import type { RawRecord } from "@/lib/benchmarks/types";
import { fileIssue, type Layout, type ParquetSchemaElement, type ReadOptions } from "@/lib/benchmarks/read/layout";
import { concatBytes, type ByteSource } from "@/lib/benchmarks/read/source";

const MAGIC = [0x50, 0x41, 0x52, 0x31]; // "PAR1"

/**
 * Reads a Parquet file. hyparquet needs random access to the footer, so the whole file is held in
 * memory: fine for CharToM-QA (about a thousand rows), not meant for files of hundreds of MB.
 * BigInt values become numbers when they are safe integers, otherwise decimal strings.
 */
export async function* readParquet(source: ByteSource, opts: ReadOptions = {}): AsyncGenerator<RawRecord, Layout> {
  const bytes = await allBytes(source);
  if (bytes.length === 0) throw fileIssue("The file is empty");
  if (bytes.length < 12 || !MAGIC.every((b, i) => bytes[i] === b && bytes[bytes.length - 4 + i] === b)) {
    throw fileIssue("The file is not a complete Parquet file (the PAR1 markers at its start and end are missing).");
  }
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let rows: Record<string, unknown>[];
  let layout: Layout;
  try {
    const metadata = parquetMetadata(buffer);
    layout = { container: "parquet", schema: metadata.schema.map(schemaElement), ...(metadata.created_by ? { createdBy: metadata.created_by } : {}) };
    rows = await parquetReadObjects({ file: buffer, metadata });
  } catch (error) {
    throw fileIssue(`The Parquet file could not be read: ${(error as Error).message}`);
  }
  for (let index = 0; index < rows.length; index++) {
    const value = jsonSafe(rows[index]);
    yield { index, value, raw: JSON.stringify(value) };
  }
  opts.onLayout?.(layout);
  return layout;
}

function schemaElement(element: object): ParquetSchemaElement {
  return JSON.parse(JSON.stringify(element, (_key, v: unknown) => (typeof v === "bigint" ? Number(v) : v))) as ParquetSchemaElement;
}

async function allBytes(source: ByteSource): Promise<Uint8Array> {
  if (typeof source === "string") return new Uint8Array(await readFile(source));
  const parts: Uint8Array[] = [];
  for await (const chunk of source) parts.push(chunk);
  return parts.length ? concatBytes(parts) : new Uint8Array(0);
}

/** Turns BigInt into numbers (or strings beyond 2^53), undefined into null, Dates into ISO strings. */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === "bigint") {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
  }
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Array.from(value);
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = jsonSafe(v);
    return out;
  }
  return value;
}
