import { randomBytes } from "node:crypto";
import { audit } from "@/lib/audit";
import type { Actor } from "@/lib/auth/permissions";
import { datasetScope } from "@/lib/datasets/access";
import { datasetViews, OPERATOR } from "@/lib/datasets/service";
import { db, Prisma } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import type { Queryable } from "@/lib/db/queryable";
import { withTransaction } from "@/lib/db/tx";
import { designOf, type Study } from "@/lib/designs";
import { AppError } from "@/lib/errors";
import { LOCKED_AFTER_FIRST_RESPONSE, STUDY_TRANSITIONS, studySpecSchema, type StudySpec, type StudyUpdate } from "@/lib/studies/spec";
import { parseStudy, readStudy, STUDY_COLUMNS } from "@/lib/studies/study";
import { planUnits, writeUnits, type StratumReport } from "@/lib/studies/units";
import { reapplyPolicy } from "@/lib/studies/quality";
import { zodInvalidParams } from "@/lib/http/problem";

/** Who acts: a signed-in user, or the operator at the command line (who holds the database's own
 *  credentials; a study it creates has no owner until given one, so only admins see it). */
export type StudyActor = Actor | typeof OPERATOR;
const actorId = (actor: StudyActor) => (actor === OPERATOR ? null : actor.id);
const sees = (actor: StudyActor, ownerId: string | null) => actor === OPERATOR || actor.role === "admin" || ownerId === actor.id;

// Researchers see and manage their own studies; admins all of them.
export function studyScope(actor: Actor): Prisma.StudyWhereInput {
  return actor.role === "admin" ? {} : { ownerId: actor.id };
}

export async function getStudyFor(actor: StudyActor, studyId: string, client: Queryable = pool()): Promise<Study> {
  const study = await readStudy(client, { id: studyId });
  if (!study || !sees(actor, study.ownerId)) throw new AppError("not_found", "No such study, or it is not yours.");
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

/** Parses a study spec (API body, form, `sally study create --spec`), naming each bad field. */
export function parseSpec(input: unknown): StudySpec {
  const parsed = studySpecSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", "The study is not valid.", { invalidParams: zodInvalidParams(parsed.error) });
  return parsed.data;
}

/** Said in terms of what narrowed the questions: the filter and kinds, or only what the design takes. */
function emptyStudyError(spec: Pick<StudySpec, "design" | "filter" | "settings">): AppError {
  const narrowed = [Object.keys(spec.filter).length ? "filter" : null, spec.settings.kinds.length ? "kinds" : null].filter((x): x is string => x !== null);
  const takes = designOf(spec.design).label.toLowerCase();
  const message = narrowed.length
    ? `No question of the dataset matches the study's ${narrowed.join(" and ")} and what a ${takes} study takes, so the study would be empty.`
    : `No question of the dataset is one a ${takes} study takes${spec.design === "rating" ? " (free- or short-text questions with imported model answers)" : ""}, so the study would be empty.`;
  return new AppError("invalid_input", message, {
    invalidParams: (narrowed.length ? narrowed : ["design"]).map((name) => ({ name, reason: "leaves no question" })),
  });
}

/** What a study would be, without creating it: its units, answers needed, and short strata. */
export async function planStudy({ actor, spec }: { actor: StudyActor; spec: StudySpec }) {
  await readableDataset(actor, spec.datasetId);
  const plan = await planUnits(pool(), { datasetId: spec.datasetId, design: spec.design, config: spec.config, unitType: spec.unitType, filter: spec.filter, settings: spec.settings });
  return planFigures(spec, plan.units.length, plan.strata, plan.candidates);
}

function planFigures(spec: Pick<StudySpec, "n" | "maxUnitsPerParticipant" | "settings">, units: number, strata: StratumReport[], candidates: number) {
  const answers = units * spec.n;
  const perPerson = Math.min(spec.maxUnitsPerParticipant ?? units, units);
  const sampling = spec.settings.sampling;
  const k = sampling.kind === "stratified" ? sampling.k : null;
  return {
    units,
    candidates,
    answers,
    participants: perPerson > 0 ? Math.ceil(answers / perPerson) : 0,
    strata,
    shortStrata: k === null ? [] : strata.filter((s) => s.available < k),
  };
}

export async function createStudy({ actor, spec, ownerId }: { actor: StudyActor; spec: StudySpec; ownerId?: string | null }) {
  await readableDataset(actor, spec.datasetId);
  await assertKnownViews(pool(), spec);
  return withTransaction(async (client) => {
    const publicCode = code(9);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "Study" (id, "publicCode", name, design, "datasetId", "ownerId", "unitType", filter, n,
         "maxUnitsPerParticipant", "leaseMinutes", instructions, "entryMode", config, settings, "completionCode", "completionUrl", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, now()) RETURNING id`,
      [
        publicCode,
        spec.name,
        spec.design,
        spec.datasetId,
        ownerId === undefined ? actorId(actor) : ownerId,
        spec.unitType,
        JSON.stringify(spec.filter),
        spec.n,
        spec.maxUnitsPerParticipant,
        spec.leaseMinutes,
        spec.instructions,
        spec.entryMode,
        JSON.stringify(spec.config),
        JSON.stringify(spec.settings),
        spec.settings.completionCodes.completed ?? code(6).toUpperCase(),
        spec.completionUrl,
      ],
    );
    const id = rows[0]!.id;
    const plan = await planUnits(client, { datasetId: spec.datasetId, design: spec.design, config: spec.config, unitType: spec.unitType, filter: spec.filter, settings: spec.settings });
    if (plan.units.length === 0) throw emptyStudyError(spec);
    await writeUnits(client, { id, n: spec.n, settings: spec.settings }, plan.units);
    await audit(client, { actorId: actorId(actor), action: "study.create", targetType: "study", targetId: id, after: { name: spec.name, design: spec.design, units: plan.units.length } });
    return { id, code: publicCode, ...planFigures(spec, plan.units.length, plan.strata, plan.candidates) };
  });
}

/**
 * The views a study names (the one shown, those side by side, each stage's) must be views of the
 * dataset's contexts: the form offers only those, but a spec could name any, and a second stage
 * on a view the dataset lacks showed participants the same text as "more of the conversation".
 */
async function assertKnownViews(client: Pick<Queryable, "query">, spec: Pick<StudySpec, "datasetId" | "settings">): Promise<void> {
  const named: [string, string][] = [
    ...(spec.settings.view ? [["view", spec.settings.view] as [string, string]] : []),
    ...spec.settings.views.map((v, i): [string, string] => [`views.${i}`, v]),
    ...spec.settings.stages.map((st, i): [string, string] => [`stages.${i}.view`, st.view]),
  ];
  if (named.length === 0) return;
  const views = await datasetViews(spec.datasetId, client);
  const unknown = named.filter(([, v]) => !views.includes(v));
  if (unknown.length === 0) return;
  const reason = (v: string) => `The dataset has no view "${v}"; its views: ${views.join(", ") || "none"}.`;
  throw new AppError("invalid_input", reason(unknown[0]![1]), { invalidParams: unknown.map(([name, v]) => ({ name, reason: reason(v) })) });
}

/** Only a dataset the researcher may read; one they may not is as unknown as a missing one. */
async function readableDataset(actor: StudyActor, datasetId: string): Promise<void> {
  const dataset = await db().dataset.findFirst({ where: { AND: [{ id: datasetId }, actor === OPERATOR ? {} : datasetScope(actor)] }, select: { id: true } });
  if (!dataset) throw new AppError("invalid_input", "The dataset does not exist.", { invalidParams: [{ name: "datasetId", reason: "unknown dataset" }] });
}

const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/**
 * Changes a study's settings. The study row is locked and every decision taken inside the
 * transaction, so an edit cannot race the first answers. Anything that rebuilds units is
 * refused while the study is open (pause first), while leases are live, or once answers exist;
 * and the database itself refuses to delete answered data (foreign keys restrict).
 */
export async function updateStudy({ actor, studyId, input }: { actor: Actor; studyId: string; input: StudyUpdate }) {
  return withTransaction(async (client) => {
    const { rows } = await client.query(`SELECT ${STUDY_COLUMNS} FROM "Study" s WHERE s.id = $1 FOR UPDATE`, [studyId]);
    const row = rows[0];
    if (!row || (actor.role !== "admin" && row.ownerId !== actor.id)) throw new AppError("not_found", "No such study, or it is not yours.");
    const study = parseStudy(row);
    if (study.state === "closed") throw new AppError("conflict", "A closed study cannot change.");

    const spec = parseSpec({
      name: input.name ?? study.name,
      dataset: study.datasetId,
      design: study.design,
      unit: input.unitType ?? study.unitType,
      filter: input.filter ?? study.filter,
      n: input.n ?? study.n,
      maxUnitsPerParticipant: input.maxUnitsPerParticipant === undefined ? study.maxUnitsPerParticipant : input.maxUnitsPerParticipant,
      leaseMinutes: input.leaseMinutes ?? study.leaseMinutes,
      instructions: input.instructions ?? study.instructions,
      entryMode: input.entryMode ?? study.entryMode,
      completionUrl: input.completionUrl === undefined ? study.completionUrl : input.completionUrl,
      config: input.config ?? study.config,
      ...study.settings,
      ...(input.settings ?? {}),
    });
    // a scan of the dataset's contexts: only when the views the study names change
    const viewsOf = (x: Study["settings"]) => [x.view, x.views, x.stages.map((st) => st.view)];
    if (changed(viewsOf(study.settings), viewsOf(spec.settings))) await assertKnownViews(client, spec);
    const before: Record<string, unknown> = { unitType: study.unitType, filter: study.filter, n: study.n, config: study.config, settings: askedOf(study.settings) };
    const after: Record<string, unknown> = { unitType: spec.unitType, filter: spec.filter, n: spec.n, config: spec.config, settings: askedOf(spec.settings) };
    const locked = LOCKED_AFTER_FIRST_RESPONSE.filter((k) => changed(before[k], after[k]));
    const rebuild = changed(before.unitType, after.unitType) || changed(before.filter, after.filter) || changed(before.n, after.n) || unitsDependOn(study, spec);

    const { rows: activity } = await client.query<{ answered: boolean; live: number }>(
      `SELECT EXISTS (SELECT 1 FROM "Response" WHERE "studyId" = $1) AS answered,
              (SELECT count(*)::int FROM "Assignment" WHERE "studyId" = $1 AND status = 'live' AND "expiresAt" > now()) AS live`,
      [studyId],
    );
    const { answered, live } = activity[0]!;
    if (answered && locked.length) throw new AppError("conflict", `These settings are locked because responses exist: ${locked.join(", ")}.`, { extra: { reason: "locked" } });
    if (rebuild && study.state === "open") {
      throw new AppError("conflict", "Pause the study before changing its units (unit type, filter, N, sampling or groups).", { extra: { reason: "study_open" } });
    }
    if (rebuild && live > 0) {
      throw new AppError("conflict", `${live} participant${live === 1 ? " is" : "s are"} still working on units of this paused study; wait until their leases end before changing its units.`, {
        extra: { reason: "live_leases" },
      });
    }

    await client.query(
      `UPDATE "Study" SET name = $2, "unitType" = $3, filter = $4, n = $5, "maxUnitsPerParticipant" = $6, "leaseMinutes" = $7,
         instructions = $8, "entryMode" = $9, config = $10, settings = $11, "completionUrl" = $12, version = version + 1, "updatedAt" = now() WHERE id = $1`,
      [studyId, spec.name, spec.unitType, JSON.stringify(spec.filter), spec.n, spec.maxUnitsPerParticipant, spec.leaseMinutes, spec.instructions, spec.entryMode, JSON.stringify(spec.config), JSON.stringify(spec.settings), spec.completionUrl],
    );
    if (rebuild) {
      // ended leases that never got an answer hold nothing; anything answered makes the delete fail
      await client.query(`DELETE FROM "Assignment" a WHERE a."studyId" = $1 AND a.status IN ('expired', 'returned') AND NOT EXISTS (SELECT 1 FROM "Response" r WHERE r."assignmentId" = a.id)`, [studyId]);
      await client.query(`DELETE FROM "StudyUnit" WHERE "studyId" = $1`, [studyId]);
      const plan = await planUnits(client, { datasetId: study.datasetId, design: study.design, config: spec.config, unitType: spec.unitType, filter: spec.filter, settings: spec.settings });
      if (plan.units.length === 0) throw emptyStudyError(spec);
      await writeUnits(client, { id: studyId, n: spec.n, settings: spec.settings }, plan.units);
    }
    // a changed exclusion policy applies at once, the same way it would have as answers came in
    if (changed(study.settings.exclusion, spec.settings.exclusion) && study.state !== "draft") {
      await reapplyPolicy(client, { ...study, settings: spec.settings });
    }
    await audit(client, {
      actorId: actor.id,
      action: "study.update",
      targetType: "study",
      targetId: studyId,
      before: pick({ ...study, settings: study.settings } as unknown as Record<string, unknown>, Object.keys(input)),
      after: input,
    });
    return { id: studyId };
  });
}

/** The shared settings that change what participants are asked (the rest, such as the consent text
 *  or the exclusion policy, may change later and are audited). */
function askedOf(s: Study["settings"]) {
  return { sampling: s.sampling, view: s.view, views: s.views, kinds: s.kinds, optionOrder: s.optionOrder, groups: s.groups, stages: s.stages };
}

/** Shared settings whose change alters which units exist or their quotas. */
function unitsDependOn(study: Study, spec: StudySpec): boolean {
  const a = study.settings;
  const b = spec.settings;
  // a design that rates model answers builds its units from its models
  const rated = study.unitType === "answer" || designOf(study.design).models !== undefined;
  return changed(a.sampling, b.sampling) || changed(a.kinds, b.kinds) || changed(a.groups?.perUnit, b.groups?.perUnit) || (rated && changed(study.config, spec.config));
}

export async function changeStudyState({ actor, studyId, to }: { actor: StudyActor; studyId: string; to: "open" | "paused" | "closed" }) {
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ state: keyof typeof STUDY_TRANSITIONS; ownerId: string | null }>(
      `SELECT state, "ownerId" FROM "Study" WHERE id = $1 FOR UPDATE`,
      [studyId],
    );
    const study = rows[0];
    if (!study || !sees(actor, study.ownerId)) throw new AppError("not_found", "No such study, or it is not yours.");
    const allowed: readonly string[] = STUDY_TRANSITIONS[study.state];
    if (!allowed.includes(to)) {
      throw new AppError("conflict", study.state === to ? `The study is already ${to}.` : `The study is ${study.state}; it cannot become ${to}.`);
    }
    await client.query(`UPDATE "Study" SET state = $2, version = version + 1, "updatedAt" = now() WHERE id = $1`, [studyId, to]);
    await audit(client, { actorId: actorId(actor), action: "study.state", targetType: "study", targetId: studyId, before: { state: study.state }, after: { state: to } });
    return { id: studyId, state: to };
  });
}

function pick(obj: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.filter((k) => k in obj).map((k) => [k, obj[k]]));
}
