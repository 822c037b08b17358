import { readRecords, ReadError, type ByteSource } from "@/lib/benchmarks/read";
import { JsonArraySplitter } from "@/lib/benchmarks/read/json-splitter";
import { firstSignificantByte, hasBom, peek } from "@/lib/benchmarks/read/source";
import { decodeUtf8 } from "@/lib/benchmarks/read/utf8";
import { DETECTION_ORDER, getAdapter, labelOf } from "@/lib/benchmarks/registry";
import type { BenchmarkName, Container, FileInfo } from "@/lib/benchmarks/types";

export type Detection =
  | { benchmark: BenchmarkName; container: Container }
  /** needMore: the head was too short to hold the first record; call detectSource with the file */
  | { error: string; container?: Container; needMore?: boolean };

/** The container from the first bytes: Parquet magic, "[" or "{", else a CSV header line. */
export function sniffContainer(head: Uint8Array, fileName = ""): Container | { error: string } {
  if (head.length === 0 || (hasBom(head) && head.length === 3)) return { error: "The file is empty" };
  if (head[0] === 0x50 && head[1] === 0x41 && head[2] === 0x52 && head[3] === 0x31) return "parquet";
  const first = firstSignificantByte(head);
  if (first < 0) return { error: "The file holds only whitespace, no records." };
  if (head[first] === 0x5b) return "json_array";
  if (head[first] === 0x7b) return "jsonl";
  const lineEnd = head.indexOf(0x0a);
  const firstLine = head.subarray(0, lineEnd < 0 ? head.length : lineEnd);
  if (firstLine.includes(0x2c) || /\.csv$/i.test(fileName)) return "csv";
  return { error: "The file is not JSON, JSON Lines, CSV or Parquet: it does not start with [, { or a CSV header line." };
}

/** Which benchmark a first record looks like (specific benchmarks first, the generic shape last). */
export function detectValue(value: unknown, file: FileInfo): BenchmarkName | null {
  const matches = DETECTION_ORDER.filter((name) => getAdapter(name).looksLike(value, file));
  // the file name only breaks a tie between shapes that both fit (e.g. "tomato_fb.json")
  const named = matches.find((name) => file.name.toLowerCase().includes(name));
  return named ?? matches[0] ?? null;
}

/**
 * Detects from the start of the file (about 64 KB). When the first record does not fit in the
 * head (or the file is Parquet, whose schema is at the end) the answer says needMore: the
 * importer then calls detectSource, which reads just as far as the first record.
 */
export function detect(head: Uint8Array, fileName: string): Detection {
  const container = sniffContainer(head, fileName);
  if (typeof container !== "string") return container;
  if (container === "parquet") return { error: "A Parquet file is detected from its footer.", container, needMore: true };
  try {
    const value = firstValue(head, container);
    if (value === undefined) return { error: "The first record is longer than the part of the file read.", container, needMore: true };
    return fromValue(value, container, fileName);
  } catch (error) {
    if (error instanceof ReadError) return { error: error.message, container };
    return { error: `The first record could not be read: ${(error as Error).message}`, container };
  }
}

/** Detects by reading the file only as far as its first record (the whole file for Parquet). */
export async function detectSource(source: ByteSource, fileName: string): Promise<Detection> {
  const { head, stream, close } = await peek(source, (h) => h.length >= 4 && firstSignificantByte(h) >= 0);
  const container = sniffContainer(head, fileName);
  if (typeof container !== "string") {
    await close();
    return container;
  }
  const reader = readRecords(stream, container);
  try {
    const first = await reader.next();
    if (first.done) return { error: "The file holds no records.", container };
    return fromValue(first.value.value, container, fileName);
  } catch (error) {
    if (error instanceof ReadError) return { error: error.message, container };
    throw error;
  } finally {
    await reader.return(undefined as never);
  }
}

function fromValue(value: unknown, container: Container, fileName: string): Detection {
  const benchmark = detectValue(value, { name: fileName });
  if (!benchmark) return { error: "The records do not look like any supported benchmark (FANToM, ToMATO, DIAMONDs, ExploreToM, CharToM-QA) or Sally's generic format.", container };
  return { benchmark, container };
}

/** The first record of a JSON array, JSON Lines or CSV head; undefined if the head cuts it off. */
function firstValue(head: Uint8Array, container: Container): unknown {
  if (container === "json_array") {
    const element = new JsonArraySplitter().push(head)[0];
    if (!element) return undefined;
    return JSON.parse(decodeUtf8(element.bytes, element.offset, element.line));
  }
  const start = hasBom(head) ? 3 : 0;
  const lineEnd = head.indexOf(0x0a, start);
  if (lineEnd < 0) return undefined;
  const line = decodeUtf8(head.subarray(start, lineEnd), start, 1).replace(/\r$/, "");
  if (container === "jsonl") return line.trim() === "" ? firstJsonLine(head, lineEnd + 1) : JSON.parse(line);
  // CSV: the header names are all detection needs; a header cell holding a comma or newline is not expected
  return Object.fromEntries(line.split(",").map((cell) => [cell.replace(/^"|"$/g, ""), ""]));
}

function firstJsonLine(head: Uint8Array, from: number): unknown {
  for (let at = from; at < head.length; ) {
    const end = head.indexOf(0x0a, at);
    if (end < 0) return undefined;
    const line = decodeUtf8(head.subarray(at, end), at, 0).trim();
    if (line) return JSON.parse(line);
    at = end + 1;
  }
  return undefined;
}

/** Where the choice was made: the CLI's option, or the web form's Benchmark list. */
export type ChoiceVia = "cli" | "web";

/** "This file looks like ToMATO (tomato), not FANToM. Use --benchmark tomato or --benchmark auto." */
export function wrongBenchmarkMessage(chosen: BenchmarkName, detected: BenchmarkName, via: ChoiceVia = "cli"): string {
  const what = via === "cli" ? `Use --benchmark ${detected} or --benchmark auto.` : `Choose ${labelOf(detected)}, or Detect automatically, as the benchmark.`;
  return `This file looks like ${labelOf(detected)} (${detected}), not ${labelOf(chosen)}. ${what}`;
}

/**
 * Combines the user's choice with what was detected. An explicit choice that contradicts the
 * detected benchmark is an error naming the detected one; when nothing was recognised, an
 * explicit choice is trusted (its schema will report what is wrong).
 */
export function resolveBenchmark(chosen: BenchmarkName | "auto", detection: Detection, via: ChoiceVia = "cli"): { benchmark: BenchmarkName; container: Container } | { error: string } {
  if ("benchmark" in detection) {
    if (chosen === "auto" || chosen === detection.benchmark) return detection;
    return { error: wrongBenchmarkMessage(chosen, detection.benchmark, via) };
  }
  if (chosen === "auto") return { error: `${detection.error} ${via === "cli" ? "Choose the benchmark with --benchmark <name>." : "Choose the benchmark in the list."}` };
  if (detection.container) return { benchmark: chosen, container: detection.container };
  return { error: detection.error };
}
