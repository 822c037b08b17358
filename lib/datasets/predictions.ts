import { createReadStream } from "node:fs";
import readline from "node:readline";
import { z } from "zod";
import { pool } from "@/lib/db/pool";
import type { Queryable } from "@/lib/db/queryable";
import { withTransaction } from "@/lib/db/tx";
import { storeVerdicts } from "@/lib/datasets/verdicts";
import { AppError } from "@/lib/errors";

// Model answers or judgements, one JSON object per line, linked to questions by the source
// record id and (for records with several questions) the question's position in the record.
export const predictionLineSchema = z.object({
  sourceId: z.union([z.string().min(1), z.number()]).transform(String),
  question: z.number().int().min(0).optional(),
  model: z.string().trim().min(1).max(200),
  /** the context view the model read (FANToM short/full, CharToM c0/c2000); absent: not said */
  view: z.string().trim().max(100).default(""),
  answer: z.unknown().refine((v) => v !== undefined, "answer is required"),
});

/** How model outputs name a question: the source record's id and, for records with several
 *  questions, the question's position in the record. Shared by predictions and metrics. */
export interface QuestionLinker {
  link(sourceId: string, position?: number): { questionId: string } | { reason: string };
  /** whether a question id is one of the dataset's */
  has(questionId: string): boolean;
}

export async function questionLinker(client: Queryable, datasetId: string): Promise<QuestionLinker> {
  const exists = await client.query(`SELECT 1 FROM "Dataset" WHERE id = $1`, [datasetId]);
  if (!exists.rowCount) throw new AppError("not_found", `No dataset with id ${datasetId}.`);
  const { rows } = await client.query<{ id: string; sourceId: string; position: number }>(
    `SELECT id, "sourceId", position FROM "Question" WHERE "datasetId" = $1`,
    [datasetId],
  );
  const bySource = new Map<string, Map<number, string>>();
  for (const q of rows) {
    if (!bySource.has(q.sourceId)) bySource.set(q.sourceId, new Map());
    bySource.get(q.sourceId)!.set(q.position, q.id);
  }
  const ids = new Set(rows.map((q) => q.id));
  return {
    has: (id) => ids.has(id),
    link(sourceId, position) {
      const positions = bySource.get(sourceId);
      if (!positions) return { reason: "no record with this sourceId" };
      if (position === undefined) {
        if (positions.size === 1) return { questionId: [...positions.values()][0]! };
        return { reason: `the record has ${positions.size} questions; give "question" (0–${positions.size - 1})` };
      }
      const questionId = positions.get(position);
      return questionId ? { questionId } : { reason: `no question ${position} in this record` };
    },
  };
}

export interface PredictionImportResult {
  datasetId: string;
  lines: number;
  imported: number;
  models: string[];
  unknown: { line: number; sourceId: string; question?: number; reason: string }[];
  unknownCount: number;
}

export async function importPredictions({ datasetId, file }: { datasetId: string; file: string }): Promise<PredictionImportResult> {
  const linker = await questionLinker(pool(), datasetId);

  const problems: string[] = [];
  const unknown: PredictionImportResult["unknown"] = [];
  // keyed by question, model and view: a later line for the same one replaces an earlier one
  const byKey = new Map<string, { questionId: string; model: string; view: string; answer: string }>();
  const models = new Set<string>();
  let lineNo = 0;
  const lines = readline.createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  for await (const text of lines) {
    lineNo++;
    if (!text.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      problems.push(`line ${lineNo}: not valid JSON`);
      continue;
    }
    const parsed = predictionLineSchema.safeParse(json);
    if (!parsed.success) {
      problems.push(`line ${lineNo}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(line)"}: ${i.message}`).join("; ")}`);
      continue;
    }
    const p = parsed.data;
    const linked = linker.link(p.sourceId, p.question);
    const questionId = "questionId" in linked ? linked.questionId : undefined;
    if ("reason" in linked) unknown.push({ line: lineNo, sourceId: p.sourceId, ...(p.question !== undefined ? { question: p.question } : {}), reason: linked.reason });
    if (questionId) {
      byKey.set(`${questionId}|${p.model}|${p.view}`, { questionId, model: p.model, view: p.view, answer: JSON.stringify(p.answer) });
      models.add(p.model);
    }
  }
  const values = [...byKey.values()];
  if (lineNo === 0 || (values.length === 0 && unknown.length === 0 && problems.length === 0)) problems.push("The file is empty.");
  if (problems.length) {
    throw new AppError("invalid_input", `The predictions file has ${problems.length} invalid line(s); nothing was imported.`, {
      invalidParams: problems.slice(0, 50).map((reason) => ({ name: "file", reason })),
      extra: { total: problems.length },
    });
  }
  await withTransaction(async (client) => {
    for (let i = 0; i < values.length; i += 5000) {
      const batch = values.slice(i, i + 5000);
      await client.query(
        `INSERT INTO "ModelPrediction" (id, "questionId", model, view, answer)
         SELECT gen_random_uuid(), q, m, v, a::jsonb FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS t(q, m, v, a)
         ON CONFLICT ("questionId", model, view) DO UPDATE SET answer = excluded.answer, "createdAt" = now()`,
        [batch.map((v) => v.questionId), batch.map((v) => v.model), batch.map((v) => v.view), batch.map((v) => v.answer)],
      );
    }
    // every verdict of the dataset is rescored with the new answers, in the same transaction
    await storeVerdicts(client, datasetId);
  });
  return { datasetId, lines: lineNo, imported: values.length, models: [...models].sort(), unknown: unknown.slice(0, 50), unknownCount: unknown.length };
}
