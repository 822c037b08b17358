import type { Actor } from "@/lib/auth/permissions";
import { datasetScope, getDatasetFor } from "@/lib/datasets/access";
import { db, Prisma } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import type { Queryable } from "@/lib/db/queryable";
import { AppError } from "@/lib/errors";

/** The command line holds the database's own credentials: it is the operator and lists every dataset. */
export const OPERATOR = "operator";

export async function listDatasets(viewer: Actor | typeof OPERATOR) {
  return db().dataset.findMany({
    where: viewer === OPERATOR ? {} : datasetScope(viewer),
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
      sharedWithAll: true,
      owner: { select: { name: true } },
      _count: { select: { shares: true } },
    },
  });
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

/** The view names of a dataset's contexts (FANToM short/full, CharToM-QA c0/c1000/c2000, ...), for a study's view choice. */
export async function datasetViews(datasetId: string, client: Pick<Queryable, "query"> = pool()): Promise<string[]> {
  const { rows } = await client.query<{ view: string }>(
    `SELECT DISTINCT jsonb_object_keys(views) AS view FROM "Context" WHERE "datasetId" = $1 ORDER BY view`,
    [datasetId],
  );
  return rows.map((r) => r.view);
}

export async function deleteDataset({ actor, datasetId }: { actor: Actor; datasetId: string }) {
  const dataset = await getDatasetFor(actor, datasetId, "manage");
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

export interface DatasetShareRow {
  userId: string;
  email: string;
  name: string;
  sharedAt: Date;
}

/** Whom a dataset is shared with: pass the dataset `getDatasetFor(actor, id, "manage")` returned. */
export async function sharingOf(dataset: { id: string; sharedWithAll: boolean }) {
  const rows = await db().datasetShare.findMany({
    where: { datasetId: dataset.id },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  const shares: DatasetShareRow[] = rows.map((r) => ({ userId: r.user.id, email: r.user.email, name: r.user.name, sharedAt: r.createdAt }));
  return { sharedWithAll: dataset.sharedWithAll, shares };
}

const audit = (actor: Actor, datasetId: string, action: string, change: { before?: object; after?: object }) => ({
  data: { actorId: actor.id, action, targetType: "dataset", targetId: datasetId, ...change },
});

/** Shares the dataset with one researcher, by email; sharing twice is a no-op. */
export async function shareDataset({ actor, datasetId, email }: { actor: Actor; datasetId: string; email: string }) {
  const dataset = await getDatasetFor(actor, datasetId, "manage");
  const user = await db().user.findUnique({ where: { email }, select: { id: true, email: true, name: true, role: true, active: true } });
  const refuse = (reason: string) => new AppError("invalid_input", reason, { invalidParams: [{ name: "email", reason }] });
  if (user?.active && user.role === "admin") throw refuse("Admins already see every dataset.");
  if (!user?.active || user.role !== "researcher") throw refuse("No active researcher has this email.");
  if (user.id === dataset.ownerId) throw refuse("This researcher owns the dataset.");
  const created = await notFoundIfGone(() =>
    db().$transaction(async (tx) => {
      const { count } = await tx.datasetShare.createMany({ data: [{ datasetId, userId: user.id }], skipDuplicates: true });
      if (count) await tx.auditEvent.create(audit(actor, datasetId, "dataset.share", { after: { userId: user.id, email: user.email } }));
      return count === 1;
    }),
  );
  return { created, share: { userId: user.id, email: user.email, name: user.name } };
}

/** Takes one researcher's access away; revoking what was never shared is a no-op. */
export async function revokeShare({ actor, datasetId, userId }: { actor: Actor; datasetId: string; userId: string }) {
  await getDatasetFor(actor, datasetId, "manage");
  await db().$transaction(async (tx) => {
    // the delete's row lock makes concurrent revokes take turns: only the first removes and audits
    const { count } = await tx.datasetShare.deleteMany({ where: { datasetId, userId } });
    if (!count) return;
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    await tx.auditEvent.create(audit(actor, datasetId, "dataset.unshare", { before: { userId, email: user.email } }));
  });
}

/** Opens the dataset to every researcher, or closes it again to the owner and the named researchers. */
export async function setSharedWithAll({ actor, datasetId, sharedWithAll }: { actor: Actor; datasetId: string; sharedWithAll: boolean }) {
  await getDatasetFor(actor, datasetId, "manage");
  await db().$transaction(async (tx) => {
    const { count } = await tx.dataset.updateMany({ where: { id: datasetId, sharedWithAll: !sharedWithAll }, data: { sharedWithAll } });
    if (count) {
      await tx.auditEvent.create(audit(actor, datasetId, "dataset.share_all", { before: { sharedWithAll: !sharedWithAll }, after: { sharedWithAll } }));
    }
  });
  return { sharedWithAll };
}

// A dataset deleted between the access check and the write breaks the share's foreign key.
async function notFoundIfGone<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2003") {
      throw new AppError("not_found", "No such dataset, or it is not shared with you.", { cause: err });
    }
    throw err;
  }
}
