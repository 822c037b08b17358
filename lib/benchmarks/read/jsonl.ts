import type { RawRecord } from "@/lib/benchmarks/types";
import { fileIssue, ReadError, type Layout, type LineEnding, type ReadOptions } from "@/lib/benchmarks/read/layout";
import { concatBytes, hasBom } from "@/lib/benchmarks/read/source";
import { decodeUtf8 } from "@/lib/benchmarks/read/utf8";

/**
 * Streams a JSON Lines file: one JSON value per non-empty line. A line that is not valid JSON is
 * an issue naming its line number; reading goes on so every bad line is reported.
 */
export async function* readJsonl(stream: AsyncIterable<Uint8Array>, opts: ReadOptions = {}): AsyncGenerator<RawRecord, Layout> {
  let pending: Uint8Array[] = [];
  let pendingOffset = 0;
  let offset = 0;
  let line = 1;
  let index = 0;
  let bom = false;
  let lineEnding: LineEnding | null = null;
  let lastByte = -1;
  let sawBytes = false;

  const take = (bytes: Uint8Array, at: number, lineNo: number): RawRecord | null => {
    let end = bytes.length;
    const crlf = end > 0 && bytes[end - 1] === 0x0d;
    if (crlf) end--;
    let startAt = 0;
    if (at === 0 && hasBom(bytes)) {
      bom = true;
      startAt = 3;
    }
    const text = decodeUtf8(bytes.subarray(startAt, end), at + startAt, lineNo);
    if (text.trim() === "") return null;
    const recordIndex = index++;
    try {
      return { index: recordIndex, line: lineNo, value: JSON.parse(text), raw: text };
    } catch (error) {
      const issue = { record: recordIndex, line: lineNo, path: "", message: `Line ${lineNo} is not valid JSON: ${(error as Error).message}` };
      // a first line that is not a whole value means this is not JSON Lines at all (e.g. one pretty-printed object)
      if (recordIndex === 0) throw notJsonLines(lineNo, (error as Error).message);
      if (!opts.onIssue) throw new ReadError(issue);
      opts.onIssue(issue);
      return null;
    }
  };

  for await (const chunk of stream) {
    if (chunk.length === 0) continue;
    sawBytes = true;
    let from = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, from);
      if (nl < 0) break;
      const piece = chunk.subarray(from, nl);
      const bytes = pending.length ? concatBytes([...pending, piece]) : piece;
      if (lineEnding === null) lineEnding = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? "\r\n" : "\n";
      const record = take(bytes, pending.length ? pendingOffset : offset + from, line);
      pending = [];
      line++;
      from = nl + 1;
      if (record) yield record;
    }
    if (from < chunk.length) {
      if (!pending.length) pendingOffset = offset + from;
      pending.push(chunk.slice(from));
    }
    offset += chunk.length;
    lastByte = chunk[chunk.length - 1]!;
  }
  if (pending.length) {
    const record = take(concatBytes(pending), pendingOffset, line);
    if (record) yield record;
  }
  if (!sawBytes || offset === (bom ? 3 : 0)) throw fileIssue("The file is empty");
  if (index === 0) throw fileIssue("The file holds only blank lines, no records.");
  const layout: Layout = { container: "jsonl", bom, lineEnding: lineEnding ?? "\n", finalNewline: lastByte === 0x0a };
  opts.onLayout?.(layout);
  return layout;
}

function notJsonLines(line: number, reason: string): ReadError {
  return fileIssue(
    `The file starts with "{" but line ${line} is not a complete JSON value (${reason}). ` +
      "The top level must be a JSON array of records or JSON Lines (one record per line); a single JSON object is not accepted.",
    line,
  );
}
