import type { z } from "zod";
import { RecordIssueError } from "@/lib/benchmarks/text";
import type { Adapter, Container, FileInfo, ImportIssue, ParsedRecord, RawRecord } from "@/lib/benchmarks/types";
import { checkParsed } from "@/lib/benchmarks/check";
import { readRecords, ReadError, type ByteSource, type Layout } from "@/lib/benchmarks/read";
import { requiredColumnsOf } from "@/lib/benchmarks/registry";

type ZodIssue = z.core.$ZodIssue;

/** What a value is, in words: "a string", "a number", "null", "an array", "nothing". */
export function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "number" && !Number.isInteger(value)) return `the number ${value}`;
  return typeof value === "string" ? "a string" : typeof value === "boolean" ? "a boolean" : `a ${typeof value}`;
}

const EXPECTED: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  array: "an array",
  object: "an object",
  record: "an object",
  null: "null",
};

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? text.slice(0, 57) + "..." : text;
}

function isDefaultMessage(message: string): boolean {
  return /^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(message);
}

/** One zod issue in words a researcher can act on. */
export function reasonOf(issue: ZodIssue, value: unknown): string {
  const actual = valueAt(value, issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (actual === undefined) return `is missing (expected ${EXPECTED[issue.expected] ?? issue.expected})`;
      return `expected ${EXPECTED[issue.expected] ?? issue.expected}, got ${describe(actual)}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => shown(v)).join(", ")}; got ${shown(actual)}`;
    case "invalid_union":
      if ("discriminator" in issue && issue.discriminator !== undefined) {
        const options = (issue as { options?: unknown[] }).options ?? [];
        return actual === undefined
          ? `is missing (expected one of ${options.map((o) => shown(o)).join(", ")})`
          : `unknown ${issue.discriminator} ${shown(actual)}; expected one of ${options.map((o) => shown(o)).join(", ")}`;
      }
      return `does not match any allowed form (got ${describe(actual)})`;
    case "too_small":
    case "too_big":
      if (!isDefaultMessage(issue.message)) return issue.message;
      return issue.code === "too_small"
        ? `is too small: at least ${String(issue.minimum)}${issue.origin === "array" ? " items" : issue.origin === "string" ? " characters" : ""} expected`
        : `is too big: at most ${String(issue.maximum)}${issue.origin === "array" ? " items" : issue.origin === "string" ? " characters" : ""} expected`;
    case "unrecognized_keys":
      return `has unknown keys: ${issue.keys.join(", ")}`;
    default:
      return issue.message;
  }
}

export function pathOf(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join(".");
}

/** zod issues → ImportIssues with the record index, line, dotted field path and a reason. */
export function toImportIssues(issues: readonly ZodIssue[], raw: Pick<RawRecord, "index" | "line" | "value">): ImportIssue[] {
  return issues.map((issue) => ({
    record: raw.index,
    ...(raw.line !== undefined ? { line: raw.line } : {}),
    path: pathOf(issue.path),
    message: reasonOf(issue, raw.value),
  }));
}

export type RecordResult = { ok: true; parsed: ParsedRecord } | { ok: false; issues: ImportIssue[] };

/** Runs one record through the adapter's schema, its toItems and the item checks. */
export function parseRecord(adapter: Adapter, raw: RawRecord, file: FileInfo): RecordResult {
  const result = adapter.recordSchema.safeParse(raw.value);
  if (!result.success) return { ok: false, issues: toImportIssues(result.error.issues, raw) };
  const at = { record: raw.index, ...(raw.line !== undefined ? { line: raw.line } : {}) };
  let parsed: ParsedRecord;
  try {
    parsed = adapter.toItems(result.data, raw.index, file);
  } catch (error) {
    if (error instanceof RecordIssueError) return { ok: false, issues: [{ ...at, path: error.path, message: error.message }] };
    return { ok: false, issues: [{ ...at, path: "", message: `could not be turned into questions: ${(error as Error).message}` }] };
  }
  const problems = checkParsed(parsed);
  if (problems.length) return { ok: false, issues: problems.map((p) => ({ ...at, ...p })) };
  return { ok: true, parsed };
}

export type ParseResult = { type: "record"; raw: RawRecord; parsed: ParsedRecord } | { type: "issue"; issue: ImportIssue };

/**
 * Reads a file and parses every record: the importer's whole pure pipeline. Yields parsed records
 * and issues in file order (read problems included: a fatal one, such as truncated JSON, is the
 * last thing yielded). Returns the layout, or null when reading stopped on a fatal problem.
 */
export async function* readAndParse(
  source: ByteSource,
  opts: { container: Container; adapter: Adapter; file: FileInfo },
): AsyncGenerator<ParseResult, Layout | null> {
  const pending: ImportIssue[] = [];
  const reader = readRecords(source, opts.container, {
    onIssue: (issue) => pending.push(issue),
    requiredColumns: opts.container === "csv" ? requiredColumnsOf(opts.adapter) : [],
  });
  try {
    for (;;) {
      const next = await reader.next();
      while (pending.length) yield { type: "issue", issue: pending.shift()! };
      if (next.done) return next.value;
      const result = parseRecord(opts.adapter, next.value, opts.file);
      if (result.ok) yield { type: "record", raw: next.value, parsed: result.parsed };
      else for (const issue of result.issues) yield { type: "issue", issue };
    }
  } catch (error) {
    if (!(error instanceof ReadError)) throw error;
    while (pending.length) yield { type: "issue", issue: pending.shift()! };
    yield { type: "issue", issue: error.issue };
    return null;
  }
}

export interface IssueSummary {
  total: number;
  /** the first `limit` issues, in file order */
  first: ImportIssue[];
}

/** Keeps the first `limit` issues and counts the rest (the importer shows 50). */
export class IssueCollector {
  readonly first: ImportIssue[] = [];
  total = 0;
  constructor(private readonly limit = 50) {}
  add(issue: ImportIssue): void {
    this.total++;
    if (this.first.length < this.limit) this.first.push(issue);
  }
  summary(): IssueSummary {
    return { total: this.total, first: this.first };
  }
}

export function formatIssue(issue: ImportIssue): string {
  const where = issue.record === null ? "file" : `record ${issue.record}`;
  const line = issue.line !== undefined ? `, line ${issue.line}` : "";
  const path = issue.path ? ` ${issue.path}:` : ":";
  return `${where}${line}${path} ${issue.message}`;
}
