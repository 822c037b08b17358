import type { Layout } from "@/lib/benchmarks/read";
import { writeRecords, fileTypeOf, type OutputChunk } from "@/lib/benchmarks/write";
import { stringifyCsv } from "@/lib/csv";
import { db } from "@/lib/db/client";
import { streamRows } from "@/lib/db/stream";
import { AppError } from "@/lib/errors";
import { filterSql } from "@/lib/datasets/tag-filter";

// Exports stream from a server-side cursor; none is built in memory.
//  - source: the benchmark's own file format, from the stored original records (a filter keeps
//    the format and only the records with a selected question);
//  - jsonl / csv: Sally's normalised shape, one question per line or row. CSV cells that would
//    start a spreadsheet formula are neutralized (lib/csv.ts); JSONL keeps the raw text.
export type ExportFormat = "source" | "jsonl" | "csv";
export type TagFilter = Record<string, string[]>;

/** `--where tag=value` pairs: values of one tag are alternatives; different tags must all match. */
export function parseWhere(pairs: string[]): TagFilter {
  const filter: TagFilter = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq < 1) throw new AppError("invalid_input", `"${pair}" is not TAG=VALUE.`);
    (filter[pair.slice(0, eq)] ??= []).push(pair.slice(eq + 1));
  }
  return filter;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  chunks: AsyncGenerator<OutputChunk>;
}

export async function exportDataset(opts: {
  datasetId: string;
  format: ExportFormat;
  filter?: TagFilter;
  /** an explicit selection of source records (a study's validated export) */
  recordIndexes?: number[];
  suffix?: string;
}): Promise<ExportFile> {
  const dataset = await db().dataset.findUnique({ where: { id: opts.datasetId } });
  if (!dataset) throw new AppError("not_found", "No such dataset.");
  const base = `${dataset.name}${opts.suffix ?? ""}`.replace(/[^\w.-]+/g, "_");
  const filter = opts.filter ?? {};
  if (opts.format === "source") {
    const layout = dataset.layout as unknown as Layout;
    const { extension, contentType } = fileTypeOf(layout);
    return { filename: `${base}.${extension}`, contentType, chunks: writeRecords(layout, sourceRaws(opts.datasetId, filter, opts.recordIndexes)) };
  }
  const rows = questionRows(opts.datasetId, filter, opts.recordIndexes);
  return opts.format === "jsonl"
    ? { filename: `${base}.questions.jsonl`, contentType: "application/x-ndjson", chunks: questionsJsonl(rows) }
    : { filename: `${base}.questions.csv`, contentType: "text/csv", chunks: questionsCsv(rows) };
}

async function* sourceRaws(datasetId: string, filter: TagFilter, indexes?: number[]): AsyncGenerator<string> {
  const f = filterSql(filter, indexes ? 3 : 2);
  const selected = Object.keys(filter).length
    ? ` AND EXISTS (SELECT 1 FROM "Question" q WHERE q."datasetId" = s."datasetId" AND q."recordIndex" = s.index${f.sql})`
    : "";
  const sql = `SELECT s.raw FROM "SourceRecord" s WHERE s."datasetId" = $1${indexes ? ` AND s.index = ANY($2::int[])` : ""}${selected} ORDER BY s.index`;
  for await (const row of streamRows<{ raw: string }>(sql, [datasetId, ...(indexes ? [indexes] : []), ...f.params])) yield row.raw;
}

interface QuestionRow {
  /** Sally's id of the question: what a tags CSV (questionId,tag,value) names */
  questionId: string;
  sourceId: string;
  recordIndex: number;
  position: number;
  kind: string;
  prompt: string;
  options: string[] | null;
  gold: unknown;
  scoring: unknown;
  tags: Record<string, unknown>;
  groupKeys: Record<string, string>;
  contextId: string;
  contextTitle: string | null;
}

function questionRows(datasetId: string, filter: TagFilter, indexes?: number[]): AsyncGenerator<QuestionRow> {
  const f = filterSql(filter, indexes ? 3 : 2);
  return streamRows<QuestionRow>(
    `SELECT q.id AS "questionId", q."sourceId", q."recordIndex", q.position, q.kind, q.prompt, q.options, q.gold, q.scoring, q.tags, q."groupKeys",
            q."contextId", c.title AS "contextTitle"
     FROM "Question" q JOIN "Context" c ON c.id = q."contextId"
     WHERE q."datasetId" = $1${indexes ? ` AND q."recordIndex" = ANY($2::int[])` : ""}${f.sql}
     ORDER BY q."recordIndex", q.position`,
    [datasetId, ...(indexes ? [indexes] : []), ...f.params],
  );
}

async function* questionsJsonl(rows: AsyncGenerator<QuestionRow>): AsyncGenerator<string> {
  for await (const row of rows) yield JSON.stringify(row) + "\n";
}

const CSV_COLUMNS = ["questionId", "sourceId", "recordIndex", "position", "kind", "prompt", "options", "gold", "scoring", "tags", "groupKeys", "contextId", "contextTitle"] as const;

async function* questionsCsv(rows: AsyncGenerator<QuestionRow>): AsyncGenerator<string> {
  yield stringifyCsv([CSV_COLUMNS]);
  for await (const row of rows) {
    yield stringifyCsv([
      CSV_COLUMNS.map((c) => {
        const v = row[c];
        return v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
      }),
    ]);
  }
}
