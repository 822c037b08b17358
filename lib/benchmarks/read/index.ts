import type { Container, RawRecord } from "@/lib/benchmarks/types";
import { readCsv } from "@/lib/benchmarks/read/csv";
import { readJsonArray } from "@/lib/benchmarks/read/json-array";
import { readJsonl } from "@/lib/benchmarks/read/jsonl";
import { fileIssue, type Layout, type ReadOptions } from "@/lib/benchmarks/read/layout";
import { readParquet } from "@/lib/benchmarks/read/parquet";
import { chunksOf, firstSignificantByte, peek, type ByteSource } from "@/lib/benchmarks/read/source";

export type { Layout, ReadOptions, LineEnding, ParquetSchemaElement } from "@/lib/benchmarks/read/layout";
export { ReadError } from "@/lib/benchmarks/read/layout";
export type { ByteSource } from "@/lib/benchmarks/read/source";

/**
 * Streams the records of a file. The generator's return value is the container layout (also given
 * to opts.onLayout). For the JSON containers the first byte decides: "[" reads a JSON array and
 * "{" reads JSON Lines, whatever was asked (DIAMONDs' .jsonl files are really one JSON array).
 * Fatal problems throw ReadError; problems with one record go to opts.onIssue (or throw without it).
 */
export async function* readRecords(source: ByteSource, container: Container, opts: ReadOptions = {}): AsyncGenerator<RawRecord, Layout> {
  if (container === "parquet") return yield* readParquet(source, opts);
  if (container === "csv") return yield* readCsv(chunksOf(source), opts);
  const { head, stream } = await peek(source, (h) => firstSignificantByte(h) >= 0);
  const first = firstSignificantByte(head);
  if (first < 0 && head.length === 0) throw fileIssue("The file is empty");
  if (first < 0) throw fileIssue("The file holds only whitespace, no records.");
  const actual = head[first] === 0x7b ? "jsonl" : "json_array";
  if (actual === "jsonl") return yield* readJsonl(stream, opts);
  return yield* readJsonArray(stream, opts);
}

/** Reads every record into memory (tests and small files only). */
export async function readAll(source: ByteSource, container: Container, opts: ReadOptions = {}): Promise<{ records: RawRecord[]; layout: Layout }> {
  const records: RawRecord[] = [];
  const iterator = readRecords(source, container, opts);
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { records, layout: next.value };
    records.push(next.value);
  }
}
