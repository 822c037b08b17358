import { pipeline, Readable } from "node:stream";
import { parse } from "csv-parse";
import type { ImportIssue, RawRecord } from "@/lib/benchmarks/types";
import { fileIssue, ReadError, type Layout, type LineEnding, type ReadOptions } from "@/lib/benchmarks/read/layout";
import { decodeStream } from "@/lib/benchmarks/read/utf8";

interface CsvInfo {
  empty_lines: number;
}

/**
 * Streams a CSV file with a header row. Each record's value is an object keyed by the header;
 * its raw form is the JSON array of its cells in header order, so export can write the row back.
 */
export async function* readCsv(stream: AsyncIterable<Uint8Array>, opts: ReadOptions = {}): AsyncGenerator<RawRecord, Layout> {
  const tap = { bom: false, lineEnding: null as LineEnding | null, lastByte: -1, size: 0 };
  const parser = parse({ bom: true, info: true, relax_quotes: false, relax_column_count: true, skip_empty_lines: true });
  // pipeline (unlike pipe) hands a source error, such as invalid UTF-8, on to the parser
  pipeline(Readable.from(decodeStream(watch(stream, tap))), parser, () => {});
  let header: string[] | null = null;
  let line = 1;
  let emptyLines = 0;
  let index = 0;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: CsvInfo }>) {
      const { record, info } = item;
      line += info.empty_lines - emptyLines;
      emptyLines = info.empty_lines;
      const startLine = line;
      line += 1 + newlines(record);
      if (header === null) {
        header = record;
        checkColumns(header, opts.requiredColumns ?? [], startLine);
        continue;
      }
      const recordIndex = index++;
      if (record.length !== header.length) {
        report(opts, {
          record: recordIndex,
          line: startLine,
          path: "",
          message: `Row ${recordIndex} (line ${startLine}) has ${record.length} cells; the header has ${header.length}.`,
        });
        continue;
      }
      const value: Record<string, string> = {};
      header.forEach((name, i) => (value[name] = record[i]!));
      yield { index: recordIndex, line: startLine, value, raw: JSON.stringify(record) };
    }
  } catch (error) {
    if (error instanceof ReadError) throw error;
    const e = error as Error & { lines?: number };
    throw fileIssue(`The CSV could not be read near line ${e.lines ?? line}: ${e.message}`, e.lines ?? line);
  }
  if (tap.size === 0 || header === null) throw fileIssue("The file is empty");
  if (index === 0) throw fileIssue("The CSV file has a header but no rows.");
  const layout: Layout = { container: "csv", bom: tap.bom, header, lineEnding: tap.lineEnding ?? "\n", finalNewline: tap.lastByte === 0x0a, delimiter: "," };
  opts.onLayout?.(layout);
  return layout;
}

function checkColumns(header: string[], required: readonly string[], line: number): void {
  const missing = required.filter((name) => !header.includes(name));
  if (missing.length) {
    throw fileIssue(`The CSV file is missing required column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}.`, line);
  }
}

function report(opts: ReadOptions, issue: ImportIssue): void {
  if (!opts.onIssue) throw new ReadError(issue);
  opts.onIssue(issue);
}

function newlines(cells: string[]): number {
  let count = 0;
  for (const cell of cells) for (let i = cell.indexOf("\n"); i >= 0; i = cell.indexOf("\n", i + 1)) count++;
  return count;
}

/** Passes the bytes through, noting the BOM, the first line ending and the last byte. */
async function* watch(
  stream: AsyncIterable<Uint8Array>,
  tap: { bom: boolean; lineEnding: LineEnding | null; lastByte: number; size: number },
): AsyncGenerator<Uint8Array> {
  let previous = -1;
  const bom = [0xef, 0xbb, 0xbf];
  let bomSeen = 0;
  for await (const chunk of stream) {
    if (!chunk.length) continue;
    for (let i = 0; tap.size + i === bomSeen && bomSeen < 3 && i < chunk.length && chunk[i] === bom[bomSeen]; i++) bomSeen++;
    tap.bom = bomSeen === 3;
    if (tap.lineEnding === null) {
      const nl = chunk.indexOf(0x0a);
      if (nl >= 0) tap.lineEnding = (nl > 0 ? chunk[nl - 1] : previous) === 0x0d ? "\r\n" : "\n";
    }
    tap.size += chunk.length;
    previous = tap.lastByte = chunk[chunk.length - 1]!;
    yield chunk;
  }
}
