import { sortValues } from "@/lib/benchmarks/report";
import type { BenchmarkSummary, ScoredItem } from "@/lib/benchmarks/scoring";
import { readCommon, readUnitQuestions, readUnits } from "@/lib/designs/read";
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

/** Scored answers per key (the question's type, its stratum), from the counts per question. */
function tally<K>(counts: readonly QuestionCount[], keyOf: (questionId: string) => K | null): Map<string, { key: K; n: number; correct: number }> {
  const out = new Map<string, { key: K; n: number; correct: number }>();
  for (const c of counts) {
    if (c.n === 0) continue;
    const key = keyOf(c.questionId);
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

export async function baselineResults(ctx: ReadCtx<BaselineConfig>): Promise<BaselineResults> {
  const { study, client } = ctx;
  const stages = Math.max(1, study.settings.stages.length);
  const [units, { benchmark, scoring }] = await Promise.all([readUnits(client, study.id), scorerOf(client, study)]);
  const perRespondent = scoring.perRespondent === true;
  const view = viewAt(study, stages);
  const modelsAt = (stage: number) => readModelRows(client, { study, stage, ctx: viewAt(study, stage), scoring });
  const [stored, answerGroups, people, common, models] = await Promise.all([
    readUnitQuestions(client, units),
    readAnswerGroups(client, study.id, { perRespondent, answers: perRespondent || scoring.summaryReadsAnswers === true, grouped: study.settings.groups !== null }),
    readParticipantCounts(client, study.id, stages),
    readCommon(client, study, units, { stage: stages }),
    modelsAt(stages),
  ]);
  const counts = questionCounts(answerGroups);
  const questions = new Map([...stored.values()].map((q) => [q.id, scoringQuestion(q)]));
  const stratumOf = new Map(units.flatMap((u) => u.questionIds.map((id) => [id, u.stratum] as const)));
  // the figures are the final stage's answers; earlier stages are the revision analysis
  const final = counts.filter((c) => c.stage === stages);

  const types = tally(final, (id) => scoring.typeOf(questions.get(id)!, view));
  const byType = sortValues([...types.keys()].map((k) => JSON.parse(k) as string), scoring.typeOrder).map((k) => {
    const t = types.get(JSON.stringify(k))!;
    return row(k, t.correct, t.n);
  });
  const strata = tally(final, (id) => stratumOf.get(id) ?? null);
  const byStratum = [...strata.values()].sort((x, y) => JSON.stringify(x.key).localeCompare(JSON.stringify(y.key))).map((t) => row(t.key, t.correct, t.n));

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
  const tagOf = new Map([...stored.values()].map((q) => [q.id, q.tags]));
  const subsets = study.config.subsets.flatMap((tag) => {
    const values = [...new Set(counts.map((c) => tagOf.get(c.questionId)?.[tag]).filter((v) => v !== undefined && v !== null).map(String))].sort();
    return values.map((value) => ({ tag, value, rows: byGroupStage(counts.filter((c) => String(tagOf.get(c.questionId)?.[tag]) === value), viewName, groupNames) }));
  });
  // staged studies (CharToM-QA's readers and windows: hundreds of answers) pair answers one by one
  const answers = staged ? await readAnswers(ctx) : [];
  const groupsAndStages = staged
    ? {
        byGroupStage: byGroupStage(counts, viewName, groupNames),
        groupGap: groupGaps(answers, groupNames, stages, viewName),
        revisions: stages > 1 ? revisions(answers, groupNames) : [],
        ...(stages > 1 ? { modelsByStage: await Promise.all(Array.from({ length: stages }, async (_, i) => ({ stage: i + 1, view: viewName(i + 1), models: i + 1 === stages ? models : await modelsAt(i + 1) }))) } : {}),
      }
    : {};

  const unitsOf = new Map(common.participants.map((p) => [p.participantId, p]));
  return {
    progress: common.progress,
    participants: common.participants,
    benchmark,
    view: view.view,
    byType,
    byStratum,
    ...(summary.sets ? { sets: summary.sets } : {}),
    models,
    ...groupsAndStages,
    ...(subsets.length ? { subsets } : {}),
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

/** The report numbers (`sally report --json`, the manifest): the design's part. */
export function baselineReport(results: BaselineResults): BaselineReport & { benchmark: string; view: string | null; summary: BenchmarkSummary } {
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
