import { randomBytes } from "node:crypto";
import type { Actor } from "@/lib/auth/permissions";
import { datasetScope } from "@/lib/datasets/access";
import { db, Prisma } from "@/lib/db/client";
import { withTransaction } from "@/lib/db/tx";
import { AppError } from "@/lib/http/errors";
import {
  LOCKED_AFTER_FIRST_RESPONSE,
  STUDY_TRANSITIONS,
  type CreateStudy,
  type UpdateStudy,
} from "@/lib/studies/schemas";
import { buildUnits } from "@/lib/studies/units";

// Researchers see and manage their own studies; admins all of them.
export function studyScope(actor: Actor): Prisma.StudyWhereInput {
  return actor.role === "admin" ? {} : { ownerId: actor.id };
}

export async function getStudyFor(actor: Actor, studyId: string) {
  const study = await db().study.findFirst({ where: { id: studyId, ...studyScope(actor) } });
  if (!study) throw new AppError("not_found", "No such study, or it is not yours.");
  return study;
}

export async function listStudies(actor: Actor) {
  return db().study.findMany({
    where: studyScope(actor),
    orderBy: { createdAt: "desc" },
    include: { dataset: { select: { name: true, benchmark: true } }, _count: { select: { units: true, responses: true } } },
  });
}

const code = (bytes: number) => randomBytes(bytes).toString("base64url").replace(/[-_]/g, "x");

export async function createStudy({ actor, input }: { actor: Actor; input: CreateStudy }) {
  // only a dataset the researcher may read; one they may not is as unknown as a missing one
  const dataset = await db().dataset.findFirst({ where: { AND: [{ id: input.datasetId }, datasetScope(actor)] }, select: { id: true } });
  if (!dataset) throw new AppError("invalid_input", "The dataset does not exist.", { invalidParams: [{ name: "datasetId", reason: "unknown dataset" }] });
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "Study" (id, "publicCode", name, design, "datasetId", "ownerId", "unitType", filter, n,
         "maxUnitsPerParticipant", "leaseMinutes", instructions, "entryMode", config, "completionCode", "completionUrl", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, now()) RETURNING id`,
      [
        code(9),
        input.name,
        input.design,
        input.datasetId,
        actor.id,
        input.unitType,
        JSON.stringify(input.filter),
        input.n,
        input.maxUnitsPerParticipant,
        input.leaseMinutes,
        input.instructions,
        input.entryMode,
        JSON.stringify(input.config),
        code(6).toUpperCase(),
        input.completionUrl,
      ],
    );
    const id = rows[0]!.id;
    const units = await buildUnits(client, { id, datasetId: input.datasetId, unitType: input.unitType, filter: input.filter, n: input.n });
    if (units === 0) throw new AppError("invalid_input", "No question of the dataset matches the filter, so the study would be empty.");
    await client.query(
      `INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", after) VALUES (gen_random_uuid(), $1, 'study.create', 'study', $2, $3)`,
      [actor.id, id, JSON.stringify({ name: input.name, units })],
    );
    return { id, units };
  });
}

export async function updateStudy({ actor, studyId, input }: { actor: Actor; studyId: string; input: UpdateStudy }) {
  const study = await getStudyFor(actor, studyId);
  const answered = (await db().response.count({ where: { studyId }, take: 1 })) > 0;
  const changed = LOCKED_AFTER_FIRST_RESPONSE.filter(
    (k) => input[k] !== undefined && JSON.stringify(input[k]) !== JSON.stringify(study[k]),
  );
  if (answered && changed.length) {
    throw new AppError("conflict", `These settings are locked because responses exist: ${changed.join(", ")}.`);
  }
  if (study.state === "closed") throw new AppError("conflict", "A closed study cannot change.");
  return withTransaction(async (client) => {
    const next = { ...study, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
    await client.query(
      `UPDATE "Study" SET name = $2, "unitType" = $3, filter = $4, n = $5, "maxUnitsPerParticipant" = $6, "leaseMinutes" = $7,
         instructions = $8, "entryMode" = $9, config = $10, "completionUrl" = $11, "updatedAt" = now() WHERE id = $1`,
      [
        studyId,
        next.name,
        next.unitType,
        JSON.stringify(next.filter),
        next.n,
        next.maxUnitsPerParticipant,
        next.leaseMinutes,
        next.instructions,
        next.entryMode,
        JSON.stringify(next.config),
        next.completionUrl,
      ],
    );
    if (changed.some((k) => k === "unitType" || k === "filter" || k === "n")) {
      const units = await buildUnits(client, {
        id: studyId,
        datasetId: study.datasetId,
        unitType: next.unitType as string,
        filter: next.filter as Record<string, string[]>,
        n: next.n as number,
      });
      if (units === 0) throw new AppError("invalid_input", "No question of the dataset matches the filter, so the study would be empty.");
    }
    await client.query(
      `INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", before, after)
       VALUES (gen_random_uuid(), $1, 'study.update', 'study', $2, $3, $4)`,
      [actor.id, studyId, JSON.stringify(pick(study, Object.keys(input))), JSON.stringify(input)],
    );
    return { id: studyId };
  });
}

export async function changeStudyState({ actor, studyId, to }: { actor: Actor; studyId: string; to: "open" | "paused" | "closed" }) {
  const study = await getStudyFor(actor, studyId);
  const allowed: readonly string[] = STUDY_TRANSITIONS[study.state];
  if (!allowed.includes(to)) throw new AppError("conflict", `A ${study.state} study cannot become ${to}.`);
  // conditional on the state we read, so two concurrent changes cannot both apply
  const updated = await db().study.updateMany({ where: { id: studyId, state: study.state }, data: { state: to } });
  if (updated.count !== 1) throw new AppError("conflict", "The study changed meanwhile; reload and try again.");
  await db().auditEvent.create({
    data: { actorId: actor.id, action: "study.state", targetType: "study", targetId: studyId, before: { state: study.state }, after: { state: to } },
  });
  return { id: studyId, state: to };
}

function pick(obj: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, obj[k]]));
}
