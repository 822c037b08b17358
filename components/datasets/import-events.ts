import { z } from "zod";

// The import route answers NDJSON: progress lines while it works, then one "done" or "error"
// line. These parse it incrementally from a growing response text (XMLHttpRequest.responseText).

const issueSchema = z.object({
  record: z.number().int().nullable(),
  line: z.number().int().optional(),
  path: z.string(),
  message: z.string(),
});

export const importSummarySchema = z.object({
  datasetId: z.string(),
  name: z.string(),
  benchmark: z.string(),
  sourceRecords: z.number(),
  contexts: z.number(),
  questions: z.number(),
  byKind: z.record(z.string(), z.number()),
  mainTag: z.string(),
  byMainTag: z.record(z.string(), z.number()),
});

export const importProblemSchema = z.object({
  type: z.string().optional(),
  title: z.string().default("Import refused"),
  status: z.number().default(0),
  detail: z.string(),
  code: z.string().default("unknown"),
  issues: z.array(issueSchema).default([]),
  total: z.number().int().optional(),
  invalid_params: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
});

const eventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("progress"),
    phase: z.enum(["receive", "import"]),
    bytes: z.number().default(0),
    total: z.number().default(0),
    records: z.number().default(0),
  }),
  z.object({ type: z.literal("done"), summary: importSummarySchema }),
  z.object({ type: z.literal("error"), problem: importProblemSchema }),
]);

export type ImportIssue = z.infer<typeof issueSchema>;
export type ImportSummary = z.infer<typeof importSummarySchema>;
export type ImportProblem = z.infer<typeof importProblemSchema>;
export type ImportEvent = z.infer<typeof eventSchema>;

/**
 * The complete lines of `text` from offset `from`, and the offset to resume at. A trailing
 * partial line is left for the next call, unless `final` (the response has ended).
 */
export function takeLines(text: string, from: number, final = false): { lines: string[]; next: number } {
  const end = final ? text.length : text.lastIndexOf("\n") + 1;
  if (end <= from) return { lines: [], next: from };
  const lines = text
    .slice(from, end)
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  return { lines, next: end };
}

/** One NDJSON line as an event; null for a blank, malformed or unknown line (skipped). */
export function parseEventLine(line: string): ImportEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = eventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A problem+json body answered before the import started (401, 403, 413, 422…), or a stand-in. */
export function problemFromBody(status: number, body: string): ImportProblem {
  let value: unknown = null;
  try {
    value = JSON.parse(body);
  } catch {
    // not JSON: a proxy's error page, say
  }
  const parsed = importProblemSchema.safeParse(value);
  if (parsed.success) return { ...parsed.data, status: parsed.data.status || status };
  return { title: "Import failed", status, detail: `The server answered ${status}. Nothing was imported.`, code: "unknown", issues: [] };
}

/** Where a problem is, for the issues table: record number (1-based for people), line, field. */
export function issueWhere(issue: ImportIssue): { record: string; line: string; field: string } {
  return {
    record: issue.record === null ? "Whole file" : String(issue.record + 1),
    line: issue.line === undefined ? "—" : String(issue.line),
    field: issue.path || "—",
  };
}
