import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import { z } from "zod";
import { questionLinker } from "@/lib/datasets/predictions";
import { pool } from "@/lib/db/pool";
import { withTransaction } from "@/lib/db/tx";
import { AppError } from "@/lib/errors";

// Automatic metrics of model answers (ROUGE-L, BERTScore, a judge's bonus point coverage...),
// one CSV row per (question, model, metric), for correlating with human ratings. A row names
// its question as predictions do (sourceId and its position in the record, `question`), or by
// Sally's question id. All or nothing for malformed rows; rows naming no question are reported
// and skipped; a value already stored for the same question, model and metric is replaced.

const HEADERS = {
  source: ["sourceid", "question", "model", "metric", "value"],
  sourceSingle: ["sourceid", "model", "metric", "value"],
  questionId: ["questionid", "model", "metric", "value"],
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const value = z
  .string()
  .trim()
  .min(1, "value is required")
  .transform(Number)
  .refine(Number.isFinite, "value must be a number");
const question = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "") return undefined;
    if (!/^\d+$/.test(v)) {
      ctx.addIssue({ code: "custom", message: "question must be the question's position in the record (0, 1, …)" });
      return z.NEVER;
    }
    return Number(v);
  });
const bySource = z.object({ sourceid: text(500), question: question.optional(), model: text(200), metric: text(100), value });
const byId = z.object({ questionid: z.uuid("questionId must be a question id"), model: text(200), metric: text(100), value });

export interface MetricImportResult {
  datasetId: string;
  rows: number;
  imported: number;
  models: string[];
  metrics: string[];
  unknown: { line: number; sourceId?: string; question?: number; questionId?: string; reason: string }[];
  unknownCount: number;
}

function layoutOf(header: string[]): keyof typeof HEADERS | null {
  const cols = header.map((h) => h.trim().toLowerCase());
  for (const [name, expected] of Object.entries(HEADERS)) {
    if (cols.length === expected.length && expected.every((c) => cols.includes(c))) return name as keyof typeof HEADERS;
  }
  return null;
}

export async function importMetrics({ datasetId, file }: { datasetId: string; file: string }): Promise<MetricImportResult> {
  const linker = await questionLinker(pool(), datasetId);
  const problems: string[] = [];
  const unknown: MetricImportResult["unknown"] = [];
  const byKey = new Map<string, { questionId: string; model: string; metric: string; value: number }>();
  let header: string[] | null = null;
  let layout: keyof typeof HEADERS | null = null;
  let rows = 0;

  const source = createReadStream(file);
  const parser = source.pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true }));
  source.on("error", (err) => parser.destroy(err));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header === null) {
        header = record.map((h) => h.trim().toLowerCase());
        layout = layoutOf(header);
        if (!layout) throw new AppError("invalid_input", "The metrics file needs the header sourceId,question,model,metric,value (or questionId,model,metric,value).", { invalidParams: [{ name: "file", reason: `header: ${record.join(",")}` }] });
        continue;
      }
      rows++;
      const line = info.lines;
      if (record.length !== header.length) {
        problems.push(`line ${line}: ${record.length} columns, expected ${header.length}`);
        continue;
      }
      const raw = Object.fromEntries(header.map((h, i) => [h, record[i]!]));
      if (layout === "questionId") {
        const p = byId.safeParse(raw);
        if (!p.success) problems.push(`line ${line}: ${p.error.issues.map((i) => i.message).join("; ")}`);
        else if (!linker.has(p.data.questionid)) unknown.push({ line, questionId: p.data.questionid, reason: "no question with this id in the dataset" });
        else byKey.set(`${p.data.questionid}|${p.data.model}|${p.data.metric}`, { questionId: p.data.questionid, model: p.data.model, metric: p.data.metric, value: p.data.value });
        continue;
      }
      const p = bySource.safeParse(raw);
      if (!p.success) {
        problems.push(`line ${line}: ${p.error.issues.map((i) => `${i.path.join(".") === "sourceid" ? "sourceId" : i.path.join(".")}: ${i.message}`).join("; ")}`);
        continue;
      }
      const linked = linker.link(p.data.sourceid, p.data.question);
      if ("reason" in linked) unknown.push({ line, sourceId: p.data.sourceid, ...(p.data.question !== undefined ? { question: p.data.question } : {}), reason: linked.reason });
      else byKey.set(`${linked.questionId}|${p.data.model}|${p.data.metric}`, { questionId: linked.questionId, model: p.data.model, metric: p.data.metric, value: p.data.value });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("invalid_input", "The metrics file is not valid CSV; nothing was imported.", { invalidParams: [{ name: "file", reason: (err as Error).message }] });
  }
  if (header === null || rows === 0) problems.push("The file has no rows.");
  if (problems.length) {
    throw new AppError("invalid_input", `The metrics file has ${problems.length} invalid row(s); nothing was imported.`, {
      invalidParams: problems.slice(0, 50).map((reason) => ({ name: "file", reason })),
      extra: { total: problems.length },
    });
  }
  const values = [...byKey.values()];
  await withTransaction(async (client) => {
    for (let i = 0; i < values.length; i += 5000) {
      const batch = values.slice(i, i + 5000);
      await client.query(
        `INSERT INTO "ModelMetric" (id, "questionId", model, metric, value)
         SELECT gen_random_uuid(), q, m, k, v FROM unnest($1::uuid[], $2::text[], $3::text[], $4::float8[]) AS t(q, m, k, v)
         ON CONFLICT ("questionId", model, metric) DO UPDATE SET value = excluded.value, "createdAt" = now()`,
        [batch.map((v) => v.questionId), batch.map((v) => v.model), batch.map((v) => v.metric), batch.map((v) => v.value)],
      );
    }
  });
  return {
    datasetId,
    rows,
    imported: values.length,
    models: [...new Set(values.map((v) => v.model))].sort(),
    metrics: [...new Set(values.map((v) => v.metric))].sort(),
    unknown: unknown.slice(0, 50),
    unknownCount: unknown.length,
  };
}
