import path from "node:path";
import { getAdapter } from "@/lib/benchmarks/registry";
import type { Layout } from "@/lib/benchmarks/read";
import type { BenchmarkName, Container, ImportIssue, ParsedRecord, RawRecord } from "@/lib/benchmarks/types";
import { readAndParse, type ParseResult } from "@/lib/benchmarks/validate";

export const repoRoot = path.resolve(import.meta.dirname, "../../..");
export const sharedDatasets = path.resolve(repoRoot, "../shared/datasets");
export const fixture = (...parts: string[]) => path.resolve(repoRoot, "tests/fixtures", ...parts);

/** Feeds bytes in chunks of `size`, as a slow network or a small read buffer would. */
export async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

export function bytesOf(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export interface Imported {
  records: { raw: RawRecord; parsed: ParsedRecord }[];
  issues: ImportIssue[];
  layout: Layout | null;
}

/** Reads and parses a whole file with one benchmark's adapter. */
export async function importFile(file: string | AsyncIterable<Uint8Array>, benchmark: BenchmarkName, container: Container, name?: string): Promise<Imported> {
  const records: Imported["records"] = [];
  const issues: ImportIssue[] = [];
  const stream = readAndParse(file, { container, adapter: getAdapter(benchmark), file: { name: name ?? (typeof file === "string" ? path.basename(file) : "upload") } });
  for (;;) {
    const next: IteratorResult<ParseResult, Layout | null> = await stream.next();
    if (next.done) return { records, issues, layout: next.value };
    if (next.value.type === "record") records.push({ raw: next.value.raw, parsed: next.value.parsed });
    else issues.push(next.value.issue);
  }
}

export function questionsOf(imported: Imported) {
  return imported.records.flatMap((r) => r.parsed.questions);
}
