import { sortValues } from "@/lib/benchmarks/report";
import { classQuestion } from "@/lib/benchmarks/classes";
import type { BenchmarkScoring, BenchmarkSummary, ScoredItem, ScoringContext } from "@/lib/benchmarks/scoring";
import type { TagValue } from "@/lib/benchmarks/types";
import { scoringQuestion } from "@/lib/datasets/questions";
import { readUnitQuestions, type UnitRow } from "@/lib/designs/read";
import type { ReadCtx } from "@/lib/designs/types";
import type { BaselineConfig } from "@/lib/designs/baseline/config";
import { readClassCounts } from "@/lib/designs/baseline/classes";
import { questionCounts, readAnswerGroups } from "@/lib/designs/baseline/counts";
import { byGroupStage, groupGaps, revisions, type QuestionCount } from "@/lib/designs/baseline/groups";
import type { ModelRow } from "@/lib/designs/baseline/models";
import type { BaselineReport } from "@/lib/designs/baseline/results";
import { row, type AccuracyRow, type AnswerRow } from "@/lib/designs/baseline/rows";
import { viewAt } from "@/lib/designs/baseline/scorer";

// The accuracy tables of a baseline, in the benchmark's terms: per type, per stratum, the benchmark's
// own summary, subsets, and for staged studies groups × stages. Two ways to the same figures: classes
// of alike questions counted in SQL where the summary declares what it reads (summaryReads), else
// the questions loaded and the answers counted per question.

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

export type Tables = Pick<BaselineReport, "byType" | "byStratum" | "models" | "byGroupStage" | "groupGap" | "revisions" | "subsets" | "modelsByStage"> & { summary: BenchmarkSummary };

export interface TableCtx {
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
export async function classTables({ ctx: { client, study }, scoring, view, stages }: TableCtx, declared: readonly string[]): Promise<Tables> {
  const names = [...new Set([...declared, ...study.config.subsets])];
  const { classes, models } = await readClassCounts(client, { study, stage: stages, ctx: view, scoring, tags: names, stratified: study.settings.sampling.kind === "stratified" });
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
export async function questionTables({ ctx, scoring, view, stages, units: unitsOf, models }: TableCtx): Promise<Tables> {
  const { study, client } = ctx;
  const perRespondent = scoring.perRespondent === true;
  const [units, answerGroups, final] = await Promise.all([
    unitsOf(),
    readAnswerGroups(client, study.id, { perRespondent, answers: perRespondent || scoring.summaryReadsAnswers === true, grouped: study.settings.groups !== null, notCounted: ctx.notCounted }),
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
