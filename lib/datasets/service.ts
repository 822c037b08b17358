import type { Actor } from "@/lib/auth/permissions";
import { can } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { AppError } from "@/lib/http/errors";

export async function listDatasets() {
  return db().dataset.findMany({
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      benchmark: true,
      versionLabel: true,
      hashVersion: true,
      sourceFileName: true,
      sourceRecords: true,
      contextCount: true,
      questionCount: true,
      createdAt: true,
      ownerId: true,
      owner: { select: { name: true } },
    },
  });
}

export async function getDataset(id: string) {
  const dataset = await db().dataset.findUnique({ where: { id }, include: { owner: { select: { name: true } } } });
  if (!dataset) throw new AppError("not_found", "No such dataset.");
  return dataset;
}

/** Question tags with their values and counts, for filters. Scalar tags only; long texts are left out. */
export async function datasetTags(datasetId: string): Promise<Record<string, { value: string; count: number }[]>> {
  const { rows } = await pool().query<{ key: string; value: string; count: number }>(
    `SELECT t.key, t.value, count(*)::int AS count
     FROM "Question" q, jsonb_each_text(q.tags) t
     WHERE q."datasetId" = $1 AND jsonb_typeof(q.tags -> t.key) IN ('string', 'number', 'boolean') AND length(t.value) <= 200
     GROUP BY t.key, t.value ORDER BY t.key, count DESC, t.value`,
    [datasetId],
  );
  const out: Record<string, { value: string; count: number }[]> = {};
  for (const r of rows) (out[r.key] ??= []).push({ value: r.value, count: r.count });
  // a tag with a distinct value per question (ids, quotes) is no use as a filter
  for (const [key, values] of Object.entries(out)) if (values.length > 500) delete out[key];
  return out;
}

export async function datasetModels(datasetId: string): Promise<string[]> {
  const { rows } = await pool().query<{ model: string }>(
    `SELECT DISTINCT m.model FROM "ModelPrediction" m JOIN "Question" q ON q.id = m."questionId"
     WHERE q."datasetId" = $1 ORDER BY m.model`,
    [datasetId],
  );
  return rows.map((r) => r.model);
}

export async function deleteDataset({ actor, datasetId }: { actor: Actor; datasetId: string }) {
  const dataset = await getDataset(datasetId);
  if (!can(actor, "datasets.delete", dataset)) throw new AppError("forbidden", "Only an admin or the person who imported it can delete this dataset.");
  const studies = await db().study.findMany({ where: { datasetId }, select: { name: true } });
  if (studies.length) {
    throw new AppError("conflict", `Studies use this dataset: ${studies.map((s) => s.name).join(", ")}. Delete them first.`);
  }
  await db().$transaction([
    db().dataset.delete({ where: { id: datasetId } }),
    db().auditEvent.create({
      data: { actorId: actor.id, action: "dataset.delete", targetType: "dataset", targetId: datasetId, before: { name: dataset.name, benchmark: dataset.benchmark } },
    }),
  ]);
}
