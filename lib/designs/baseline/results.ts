import type { BenchmarkSummary } from "@/lib/benchmarks/scoring";
import { readCommon, readParticipantFigures, readUnits, type ParticipantFigure, type UnitRow } from "@/lib/designs/read";
import { readParticipantCounts } from "@/lib/designs/baseline/counts";
import type { DesignResults, ReadCtx } from "@/lib/designs/types";
import type { BaselineConfig } from "@/lib/designs/baseline/config";
import { scorerOf, viewAt } from "@/lib/designs/baseline/scorer";
import { readModelRows, type ModelRow } from "@/lib/designs/baseline/models";
import type { GroupGap, GroupStageRow, Revisions } from "@/lib/designs/baseline/groups";
import type { AccuracyRow, AnswerRow } from "@/lib/designs/baseline/rows";
import { classTables, questionTables, type TableCtx } from "@/lib/designs/baseline/tables";

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

type Figures = BaselineReport & { benchmark: string; view: string | null; summary: BenchmarkSummary };

/** Everything a baseline reports but the study's progress. `units` is read only where the tables need
 *  the questions; `participants` gives each participant's units and median seconds (null: no table per
 *  participant, as the results API sends none). */
export async function baselineFigures(ctx: ReadCtx<BaselineConfig>, units: () => Promise<UnitRow[]>, participants: (() => Promise<ParticipantFigure[]>) | null): Promise<Figures> {
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
    participants ? readParticipantCounts(client, study.id, stages, ctx.notCounted) : [],
    participants ? participants() : [],
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
  const common = readCommon(client, study, units, { stage: Math.max(1, study.settings.stages.length), notCounted: ctx.notCounted });
  const [{ progress, participants }, figures] = await Promise.all([common, baselineFigures(ctx, () => units, () => common.then((c) => c.participants))]);
  return { progress, participants, ...figures };
}

/** What `sally report` prints: the figures without the study's progress, so a benchmark whose summary
 *  takes classes reads no unit, question or per-unit count. The same numbers as baselineReport(baselineResults). */
export async function baselineReportFigures(ctx: ReadCtx<BaselineConfig>): Promise<{ responses: number; participants: number } & ReturnType<typeof baselineReport>> {
  const { study, client } = ctx;
  let people: ParticipantFigure[] = [];
  const participants = async () => (people = await readParticipantFigures(client, study, Math.max(1, study.settings.stages.length), ctx.notCounted));
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
