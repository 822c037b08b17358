import { sortValues } from "@/lib/benchmarks/report";
import { classQuestion } from "@/lib/benchmarks/classes";
import type { BenchmarkScoring, BenchmarkSummary, ScoredItem, ScoringContext } from "@/lib/benchmarks/scoring";
import type { TagValue } from "@/lib/benchmarks/types";
import { readCommon, readParticipantFigures, readUnitQuestions, readUnits, type ParticipantFigure, type UnitRow } from "@/lib/designs/read";
import { readClassCounts } from "@/lib/designs/baseline/classes";
import { questionCounts, readAnswerGroups, readParticipantCounts } from "@/lib/designs/baseline/counts";
import type { DesignResults, ReadCtx } from "@/lib/designs/types";
import type { BaselineConfig } from "@/lib/designs/baseline/config";
import { scorerOf, viewAt } from "@/lib/designs/baseline/scorer";
import { scoringQuestion } from "@/lib/datasets/questions";
import { readModelRows, type ModelRow } from "@/lib/designs/baseline/models";
import { byGroupStage, groupGaps, revisions, type GroupGap, type GroupStageRow, type QuestionCount, type Revisions } from "@/lib/designs/baseline/groups";
import { row, type AccuracyRow, type AnswerRow } from "@/lib/designs/baseline/rows";

export type { AccuracyRow, AnswerRow, ModelRow };

// Human accuracy, in the benchmark's own terms: per question type and per sampling stratum with
// Wilson intervals, per participant, and beside every model with imported predictions on the same
// questions (human − model with Newcombe's paired interval, and an exact McNemar test paired by
// question). Every figure follows from the scored-responses export.

export interface BaselineReport {
  byType: AccuracyRow[];
  /** groups and stages (CharToM-QA's readers and non-readers, c0 then c2000) */
  byGroupStage?: GroupStageRow[];
  groupGap?: GroupGap[];
  revisions?: Revisions[];
  /** tagged subsets (e.g. indirect = true) as their own group × stage rows */
  subsets?: { tag: string; value: string; rows: GroupStageRow[] }[];
  /** models per stage view, for staged studies (each stage's view is a window models were also given) */
  modelsByStage?: { stage: number; view: string | null; models: ModelRow[] }[];
  byStratum: AccuracyRow<Record<string, string>>[];
  sets?: { all: number | null; allStar: number | null; n: number };
  models: ModelRow[];
  byParticipant: { participant: string; units: number; n: number; correct: number; accuracy: number | null; medianSeconds: number | null }[];
}

export interface BaselineResults extends DesignResults, BaselineReport {
  benchmark: string;
  view: string | null;
  summary: BenchmarkSummary;
}

/** Scored answers per key (the question's type, its stratum), from the counts per question or class. */
function tally<K>(counts: readonly QuestionCount[], keyOf: (count: QuestionCount, index: number) => K | null): Map<string, { key: K; n: number; correct: number }> {
  const out = new Map<string, { key: K; n: number; correct: number }>();
  for (const [i, c] of counts.entries()) {
    if (c.n === 0) continue;
    const key = keyOf(c, i);
    if (key === null) continue;
    const id = JSON.stringify(key);
    const t = out.get(id) ?? { key, n: 0, correct: 0 };
    t.n += c.n;
    t.correct += c.correct;
    out.set(id, t);
  }
  return out;
}

/** Every scored answer (staged studies' pairings need them: group gaps by question, revisions by participant). */
async function readAnswers({ client, study }: ReadCtx<BaselineConfig>): Promise<AnswerRow[]> {
  const { rows } = await client.query<AnswerRow>(
    `SELECT s."questionId", s."participantId", p.pseudonym, s.stage, a."group", s.correct, s.graded, s.normalized, s.ms
     FROM "ScoredAnswer" s JOIN "Assignment" a ON a.id = s."assignmentId" JOIN "Participant" p ON p.id = s."participantId"
     WHERE s."studyId" = $1 AND a.status = 'submitted' ORDER BY s."responseId", s."questionId"`,
    [study.id],
  );
  return rows;
}

type Tables = Pick<BaselineReport, "byType" | "byStratum" | "models" | "byGroupStage" | "groupGap" | "revisions" | "subsets" | "modelsByStage"> & { summary: BenchmarkSummary };

interface TableCtx {
  ctx: ReadCtx<BaselineConfig>;
  scoring: BenchmarkScoring;
  view: ScoringContext;
  stages: number;
  units: () => Promise<UnitRow[]>;
  models: (stage: number) => Promise<ModelRow[]>;
}

/** Subsets (a tag's values) as their own group × stage rows. */
function subsetRows(study: ReadCtx<BaselineConfig>["study"], counts: readonly QuestionCount[], tagOf: (count: QuestionCount) => Record<string, TagValue> | undefined): NonNullable<BaselineReport["subsets"]> {
  const viewName = (stage: number) => viewAt(study, stage).view;
  const groupNames = study.settings.groups?.names ?? [];
  return study.config.subsets.flatMap((tag) => {
    const values = [...new Set(counts.map((c) => tagOf(c)?.[tag]).filter((v) => v !== undefined && v !== null).map(String))].sort();
    return values.map((value) => ({ tag, value, rows: byGroupStage(counts.filter((c) => String(tagOf(c)?.[tag]) === value), viewName, groupNames) }));
  });
}

function typeRows(types: Map<string, { key: string; n: number; correct: number }>, order: readonly string[]): AccuracyRow[] {
  return sortValues([...types.keys()].map((k) => JSON.parse(k) as string), order).map((k) => {
    const t = types.get(JSON.stringify(k))!;
    return row(k, t.correct, t.n);
  });
}

function stratumRows(strata: Map<string, { key: Record<string, string>; n: number; correct: number }>): AccuracyRow<Record<string, string>>[] {
  return [...strata.values()].sort((x, y) => JSON.stringify(x.key).localeCompare(JSON.stringify(y.key))).map((t) => row(t.key, t.correct, t.n));
}

/** Benchmarks whose summary declares what it reads (summaryReads): answers counted per class of
 *  alike questions in SQL, no question loaded (lib/benchmarks/classes.ts). */
async function classTables({ ctx: { client, study }, scoring, view, stages }: TableCtx, declared: readonly string[]): Promise<Tables> {
  const names = [...new Set([...declared, ...study.config.subsets])];
  const { classes, models } = await readClassCounts(client, { study, stage: stages, ctx: view, scoring, tags: names });
  // per class: n right or wrong and those right, as per question before (questionId left empty)
  const counts = classes.map((c): QuestionCount => ({ questionId: "", stage: stages, group: null, n: c.correct === null ? 0 : c.count, correct: c.correct === true ? c.count : 0, rows: c.count }));
  const questions = classes.map((c) => classQuestion(c.kind, c.tags, names));
  const types = tally(counts, (_, i) => scoring.typeOf(questions[i]!, view));
  const strata = tally(counts, (_, i) => classes[i]!.stratum);
  const items: ScoredItem[] = classes.map((c, i) => ({ question: questions[i]!, respondent: "", answer: "", score: { correct: c.correct, normalized: "", graded: null }, count: c.count }));
  const tagsOf = new Map(counts.map((c, i) => [c, classes[i]!.tags]));
  const subsets = subsetRows(study, counts, (c) => tagsOf.get(c));
  return { byType: typeRows(types, scoring.typeOrder), byStratum: stratumRows(strata), models, summary: scoring.summarize(items, view), ...(subsets.length ? { subsets } : {}) };
}

/** Every other benchmark: answers counted per question (and per respondent where the summary pairs by
 *  respondent), the questions loaded, and for staged studies every answer. */
async function questionTables({ ctx, scoring, view, stages, units: unitsOf, models }: TableCtx): Promise<Tables> {
  const { study, client } = ctx;
  const perRespondent = scoring.perRespondent === true;
  const [units, answerGroups, final] = await Promise.all([
    unitsOf(),
    readAnswerGroups(client, study.id, { perRespondent, answers: perRespondent || scoring.summaryReadsAnswers === true, grouped: study.settings.groups !== null }),
    models(stages),
  ]);
  const stored = await readUnitQuestions(client, units);
  const counts = questionCounts(answerGroups);
  const questions = new Map([...stored.values()].map((q) => [q.id, scoringQuestion(q)]));
  const stratumOf = new Map(units.flatMap((u) => u.questionIds.map((id) => [id, u.stratum] as const)));
  // the figures are the final stage's answers; earlier stages are the revision analysis
  const last = counts.filter((c) => c.stage === stages);
  const types = tally(last, (c) => scoring.typeOf(questions.get(c.questionId)!, view));
  const strata = tally(last, (c) => stratumOf.get(c.questionId) ?? null);

  // equal answers come grouped: one item standing for them all where the summary does not pair by
  // respondent, else the same item once per answer
  const items: ScoredItem[] = [];
  for (const a of answerGroups) {
    if (a.stage !== stages) continue;
    const item: ScoredItem = {
      question: questions.get(a.questionId)!,
      respondent: a.pseudonym,
      answer: a.normalized,
      score: { correct: a.correct, normalized: a.normalized, graded: a.graded },
      ...(a.group ? { group: a.group } : {}),
      ...(perRespondent ? {} : { count: a.count }),
    };
    for (let i = 0; i < (perRespondent ? a.count : 1); i++) items.push(item);
  }
  const summary = scoring.summarize(items, view);
  const staged = stages > 1 || study.settings.groups !== null;
  const groupNames = study.settings.groups?.names ?? [];
  const viewName = (stage: number) => viewAt(study, stage).view;
  const subsets = subsetRows(study, counts, (c) => stored.get(c.questionId)?.tags);
  // staged studies (CharToM-QA's readers and windows: hundreds of answers) pair answers one by one
  const answers = staged ? await readAnswers(ctx) : [];
  const groupsAndStages = staged
    ? {
        byGroupStage: byGroupStage(counts, viewName, groupNames),
        groupGap: groupGaps(answers, groupNames, stages, viewName),
        revisions: stages > 1 ? revisions(answers, groupNames) : [],
        ...(stages > 1 ? { modelsByStage: await Promise.all(Array.from({ length: stages }, async (_, i) => ({ stage: i + 1, view: viewName(i + 1), models: await models(i + 1) }))) } : {}),
      }
    : {};
  return { byType: typeRows(types, scoring.typeOrder), byStratum: stratumRows(strata), models: final, summary, ...groupsAndStages, ...(subsets.length ? { subsets } : {}) };
}

type Figures = BaselineReport & { benchmark: string; view: string | null; summary: BenchmarkSummary };

/** Everything a baseline reports but the study's progress. `units` is read only where the tables need
 *  the questions; `participants` gives each participant's units and median seconds. */
async function baselineFigures(ctx: ReadCtx<BaselineConfig>, units: () => Promise<UnitRow[]>, participants: () => Promise<ParticipantFigure[]>): Promise<Figures> {
  const { study, client } = ctx;
  const stages = Math.max(1, study.settings.stages.length);
  const { benchmark, scoring } = await scorerOf(client, study);
  const view = viewAt(study, stages);
  const staged = stages > 1 || study.settings.groups !== null;
  // each stage's models once (the final stage's are the main table)
  const byStage = new Map<number, Promise<ModelRow[]>>();
  const models = (stage: number) => byStage.get(stage) ?? byStage.set(stage, readModelRows(client, { study, stage, ctx: viewAt(study, stage), scoring })).get(stage)!;
  const declared = !staged && !scoring.perRespondent && !scoring.summaryReadsAnswers ? scoring.summaryReads : undefined;
  const tableCtx: TableCtx = { ctx, scoring, view, stages, units, models };
  const [tables, people, figures] = await Promise.all([
    declared ? classTables(tableCtx, declared.tags) : questionTables(tableCtx),
    readParticipantCounts(client, study.id, stages),
    participants(),
  ]);
  const { summary, byType, byStratum, models: final, ...rest } = tables;
  const unitsOf = new Map(figures.map((p) => [p.participantId, p]));
  // in the order of their first counted response, as the participants table (ordering by the first
  // answer's id cost a text conversion of every answer); anyone without one after, by id
  const rank = new Map(figures.map((p, i) => [p.participantId, i]));
  people.sort((a, b) => (rank.get(a.participantId) ?? figures.length) - (rank.get(b.participantId) ?? figures.length) || (a.participantId < b.participantId ? -1 : 1));
  return {
    benchmark,
    view: view.view,
    byType,
    byStratum,
    ...(summary.sets ? { sets: summary.sets } : {}),
    models: final,
    ...rest,
    byParticipant: people.map((p) => ({
      participant: p.pseudonym,
      units: unitsOf.get(p.participantId)?.units ?? 0,
      n: p.n,
      correct: p.correct,
      accuracy: p.n ? p.correct / p.n : null,
      // every participant with a counted answer at the stage has a counted response there
      medianSeconds: unitsOf.get(p.participantId)?.medianSeconds ?? null,
    })),
    summary,
  };
}

export async function baselineResults(ctx: ReadCtx<BaselineConfig>): Promise<BaselineResults> {
  const { study, client } = ctx;
  const units = readUnits(client, study.id);
  const common = units.then((u) => readCommon(client, study, u, { stage: Math.max(1, study.settings.stages.length) }));
  const [{ progress, participants }, figures] = await Promise.all([common, baselineFigures(ctx, () => units, () => common.then((c) => c.participants))]);
  return { progress, participants, ...figures };
}

/** What `sally report` prints: the figures without the study's progress, so a benchmark whose summary
 *  takes classes reads no unit, question or per-unit count. The same numbers as baselineReport(baselineResults). */
export async function baselineReportFigures(ctx: ReadCtx<BaselineConfig>): Promise<{ responses: number; participants: number } & ReturnType<typeof baselineReport>> {
  const { study, client } = ctx;
  let people: ParticipantFigure[] = [];
  const participants = async () => (people = await readParticipantFigures(client, study, Math.max(1, study.settings.stages.length)));
  const figures = await baselineFigures(ctx, () => readUnits(client, study.id), participants);
  return { responses: people.reduce((sum, p) => sum + p.units, 0), participants: people.length, ...baselineReport(figures) };
}

/** The report numbers (`sally report --json`, the manifest): the design's part. */
export function baselineReport(results: Figures): BaselineReport & { benchmark: string; view: string | null; summary: BenchmarkSummary } {
  const { byType, byStratum, sets, models, byParticipant, benchmark, view, summary, byGroupStage, groupGap, revisions, subsets, modelsByStage } = results;
  return {
    byType,
    byStratum,
    ...(sets ? { sets } : {}),
    models,
    ...(byGroupStage ? { byGroupStage, groupGap, revisions } : {}),
    ...(modelsByStage ? { modelsByStage } : {}),
    ...(subsets ? { subsets } : {}),
    byParticipant,
    benchmark,
    view,
    summary,
  };
}
