import { seededShuffle } from "@/lib/benchmarks/random";
import type { QuestionKind, TagValue } from "@/lib/benchmarks/types";
import { filterSql, type TagFilter } from "@/lib/datasets/tag-filter";
import type { Queryable } from "@/lib/db/queryable";
import { designOf } from "@/lib/designs";
import type { StudySettings } from "@/lib/designs/settings";
import type { UnitType } from "@/lib/designs/types";

// The units of a study, built once from its dataset selection and frozen: which questions each
// asks is stored with it. Units are one question, one question set (the selected questions of a
// source record, in the benchmark's order), one context, or one model's answer to a question.
// Sampling is seeded, so the same seed over the same dataset draws the same units.

export interface PlannedUnit {
  subjectKey: string;
  contextId: string;
  questionId: string | null;
  questionIds: string[];
  model: string | null;
  stratum: Record<string, string> | null;
  groupValue: string | null;
}

export interface StratumReport {
  key: Record<string, string>;
  available: number;
  taken: number;
}

export interface UnitPlan {
  units: PlannedUnit[];
  /** stratified sampling: each stratum's size and draw; a stratum with fewer than k is short */
  strata: StratumReport[];
  /** questions the filter selected before sampling */
  candidates: number;
}

interface Candidate {
  id: string;
  contextId: string;
  recordIndex: number;
  position: number;
  kind: QuestionKind;
  tags: Record<string, TagValue>;
}

export interface PlanInput {
  datasetId: string;
  design: string;
  config: unknown;
  unitType: UnitType;
  filter: TagFilter;
  settings: StudySettings;
}

const NONE = "(none)";
const tagText = (v: TagValue | undefined) => (v === null || v === undefined || v === "" ? NONE : String(v));

async function candidates(client: Queryable, input: PlanInput): Promise<Candidate[]> {
  const f = filterSql(input.filter, 3);
  const kinds = input.settings.kinds;
  const { rows } = await client.query<Candidate>(
    `SELECT q.id, q."contextId", q."recordIndex", q.position, q.kind, q.tags FROM "Question" q
     WHERE q."datasetId" = $1 AND (cardinality($2::text[]) = 0 OR q.kind::text = ANY($2::text[]))${f.sql}
     ORDER BY q."recordIndex", q.position`,
    [input.datasetId, kinds, ...f.params],
  );
  return rows;
}

function groupInto(unitType: UnitType, questions: Candidate[]): { key: string; questions: Candidate[] }[] {
  const keyOf = (q: Candidate) => (unitType === "context" ? `c:${q.contextId}` : unitType === "set" ? `r:${q.recordIndex}` : `q:${q.id}`);
  const groups = new Map<string, Candidate[]>();
  for (const q of questions) {
    const k = keyOf(q);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(q);
  }
  return [...groups.entries()].map(([key, qs]) => ({ key, questions: qs }));
}

/** A unit's value of a tag: its questions' common value, else "(mixed)". */
function unitTag(questions: Candidate[], tag: string): string {
  const values = new Set(questions.map((q) => tagText(q.tags[tag])));
  return values.size === 1 ? [...values][0]! : "(mixed)";
}

function sample<T extends { stratum: Record<string, string> | null }>(units: T[], sampling: StudySettings["sampling"]): { units: T[]; strata: StratumReport[] } {
  if (sampling.kind === "all") return { units, strata: [] };
  if (sampling.kind === "random") {
    const chosen = new Set(seededShuffle(units, `sally-sample:${sampling.seed}`).slice(0, sampling.k));
    return { units: units.filter((u) => chosen.has(u)), strata: [] };
  }
  const strata = new Map<string, T[]>();
  for (const u of units) {
    const key = JSON.stringify(u.stratum);
    if (!strata.has(key)) strata.set(key, []);
    strata.get(key)!.push(u);
  }
  const chosen = new Set<T>();
  const reports: StratumReport[] = [];
  for (const [key, members] of [...strata.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    // each stratum draws with its own seed, so one stratum's draw does not depend on the others
    const drawn = seededShuffle(members, `sally-sample:${sampling.seed}:${key}`).slice(0, sampling.k);
    drawn.forEach((u) => chosen.add(u));
    reports.push({ key: JSON.parse(key) as Record<string, string>, available: members.length, taken: drawn.length });
  }
  return { units: units.filter((u) => chosen.has(u)), strata: reports };
}

export async function planUnits(client: Queryable, input: PlanInput): Promise<UnitPlan> {
  const design = designOf(input.design);
  const all = await candidates(client, input);
  const selected = design.selectsQuestion ? all.filter((q) => design.selectsQuestion!(q, input.config)) : all;
  const membershipTag = input.settings.groups && "tag" in input.settings.groups.membership ? input.settings.groups.membership.tag : null;
  const by = input.settings.sampling.kind === "stratified" ? input.settings.sampling.by : null;

  // a design that rates model answers (it names models) takes one unit per question × model,
  // whether the spec says "answer" or, as rating specs do, "question"
  const answers = input.unitType === "answer" || design.models !== undefined;
  const base = groupInto(answers ? "question" : input.unitType, selected).map(({ key, questions }) => ({
    subjectKey: key,
    contextId: questions[0]!.contextId,
    questionId: input.unitType === "question" || answers ? questions[0]!.id : null,
    questionIds: questions.map((q) => q.id),
    model: null as string | null,
    stratum: by ? Object.fromEntries(by.map((tag) => [tag, unitTag(questions, tag)])) : null,
    groupValue: membershipTag ? unitTag(questions, membershipTag) : null,
  }));
  const drawn = sample(base, input.settings.sampling);
  const units = answers ? await answerUnits(client, drawn.units, design.models?.(input.config) ?? []) : drawn.units;
  return { units, strata: drawn.strata, candidates: selected.length };
}

/** One unit per model answer to a drawn question, for the models that answered it. */
async function answerUnits(client: Queryable, questions: PlannedUnit[], models: string[]): Promise<PlannedUnit[]> {
  if (models.length === 0 || questions.length === 0) return [];
  const { rows } = await client.query<{ questionId: string; model: string }>(
    `SELECT DISTINCT "questionId", model FROM "ModelPrediction" WHERE "questionId" = ANY($1::uuid[]) AND model = ANY($2::text[])`,
    [questions.map((q) => q.questionId), models],
  );
  const answered = new Set(rows.map((r) => `${r.questionId}|${r.model}`));
  return questions.flatMap((q) =>
    models.filter((m) => answered.has(`${q.questionId}|${m}`)).map((model) => ({ ...q, subjectKey: `${q.subjectKey}:m:${model}`, model })),
  );
}

/** Writes the planned units of a study that has none: ordinals in plan order, random tie-breaks, quotas per group. */
export async function writeUnits(
  client: Queryable,
  study: { id: string; n: number; settings: StudySettings },
  units: PlannedUnit[],
): Promise<number> {
  const BATCH = 5000;
  for (let start = 0; start < units.length; start += BATCH) {
    const batch = units.slice(start, start + BATCH).map((u, i) => ({ ...u, ordinal: start + i + 1 }));
    await client.query(
      `INSERT INTO "StudyUnit" (id, "studyId", "subjectKey", "contextId", "questionId", "questionIds", model, stratum, "groupValue", ordinal, tiebreak, capacity)
       SELECT gen_random_uuid(), $1, x."subjectKey", x."contextId", x."questionId", x."questionIds", x.model, x.stratum, x."groupValue", x.ordinal, random(), $2
       FROM jsonb_to_recordset($3::jsonb) AS x("subjectKey" text, "contextId" uuid, "questionId" uuid, "questionIds" uuid[], model text, stratum jsonb, "groupValue" text, ordinal int)`,
      [study.id, study.n, JSON.stringify(batch)],
    );
  }
  const groups = study.settings.groups;
  if (groups) {
    const quotas = Object.entries(groups.perUnit).filter(([, n]) => n > 0);
    await client.query(
      `INSERT INTO "UnitQuota" ("unitId", "group", capacity)
       SELECT u.id, g.name, g.capacity FROM "StudyUnit" u CROSS JOIN unnest($2::text[], $3::int[]) AS g(name, capacity) WHERE u."studyId" = $1`,
      [study.id, quotas.map(([g]) => g), quotas.map(([, n]) => n)],
    );
  }
  return units.length;
}
