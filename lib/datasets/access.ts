import { can, roleAllows, type Actor } from "@/lib/auth/permissions";
import { db, type Prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

// Who sees a dataset: its owner, the researchers it was shared with (by name, or all of them),
// and admins. Ownerless datasets (command-line imports without --owner) are admins' only until
// an admin shares them. Every query that finds datasets for a user puts this in its `where`.

/** The datasets the actor may read, as a Prisma `where`. */
export function datasetScope(actor: Actor): Prisma.DatasetWhereInput {
  if (actor.role === "admin") return {};
  if (!roleAllows(actor, "datasets.read")) return { id: { in: [] } };
  return { OR: [{ ownerId: actor.id }, { sharedWithAll: true }, { shares: { some: { userId: actor.id } } }] };
}

/**
 * The same rule as a SQL condition on the "Dataset" row `alias`, for raw pg queries. The actor's
 * id, when needed, is parameter `$param`; append `params` to the query's own.
 */
export function datasetScopeSql(actor: Actor, alias: string, param: number): { sql: string; params: string[] } {
  if (actor.role === "admin") return { sql: "TRUE", params: [] };
  if (!roleAllows(actor, "datasets.read")) return { sql: "FALSE", params: [] };
  return {
    sql: `(${alias}."ownerId" = $${param} OR ${alias}."sharedWithAll" OR EXISTS (SELECT 1 FROM "DatasetShare" ds WHERE ds."datasetId" = ${alias}.id AND ds."userId" = $${param}))`,
    params: [actor.id],
  };
}

export type DatasetNeed = "read" | "export" | "manage";

const ACTION = { read: "datasets.read", export: "datasets.export", manage: "datasets.manage" } as const;

/**
 * One dataset the actor may read, with what `can()` needs to decide the rest. A dataset they
 * cannot see is a 404 exactly like one that does not exist (existence is not revealed); one they
 * see but may not manage (a researcher it was shared with) is a 403.
 */
export async function getDatasetFor(actor: Actor, id: string, need: DatasetNeed) {
  const found = await db().dataset.findFirst({
    where: { AND: [{ id }, datasetScope(actor)] },
    include: { owner: { select: { name: true } }, shares: { where: { userId: actor.id }, select: { userId: true } } },
  });
  if (!found) throw new AppError("not_found", "No such dataset, or it is not shared with you.");
  const { shares, ...rest } = found;
  const dataset = { ...rest, sharedWith: shares.map((s) => s.userId) };
  if (!can(actor, ACTION[need], dataset)) {
    throw new AppError("forbidden", "Only the dataset's owner or an admin can do this; it was shared with you to read.");
  }
  return dataset;
}

/** The owner a command-line import names with --owner: an active researcher or admin. */
export async function importOwnerId(email: string): Promise<string> {
  const user = await db().user.findUnique({ where: { email }, select: { id: true, role: true, active: true } });
  if (!user?.active || !roleAllows(user, "datasets.import")) {
    throw new AppError("invalid_input", "The owner must be an active researcher or admin.", {
      invalidParams: [{ name: "--owner", reason: `no active researcher or admin has the email ${email}` }],
    });
  }
  return user.id;
}
