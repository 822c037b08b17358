import { SCORING_VERSION, type BenchmarkScoring, type ScoringContext } from "@/lib/benchmarks/scoring";
import { predictionQuestions, verdictsUnder, type Prediction, type Verdict } from "@/lib/datasets/verdicts";
import type { Queryable } from "@/lib/db/queryable";
import { mcnemar, pairedDiffProportions } from "@/lib/metrics";

// Humans beside models, paired by question, counted in PostgreSQL from the verdicts stored at
// prediction import (lib/datasets/verdicts.ts). Where the dataset's verdicts are not complete for
// the view at this SCORING_VERSION (predictions imported before verdicts were kept, or scored by an
// older scorer), the study's predictions are scored here and handed to the same query, so the
// figures never depend on what was stored.

export interface ModelRow {
  model: string;
  /** questions the model answered among those with a scored human answer */
  n: number;
  accuracy: number | null;
  /** people's accuracy on their scored answers to those questions (the first term of diff) */
  humanAccuracy: number | null;
  /** human − model accuracy on those questions, paired by question */
  diff: number | null;
  diffCi95: [number, number] | null;
  mcnemarP: number | null;
}

export interface Pairs {
  model: string;
  n: number;
  modelCorrect: number;
  /** human right & model right, human right only, model right only, neither: over every scored human answer */
  both: number;
  firstOnly: number;
  secondOnly: number;
  neither: number;
}

// Per question (h): people's answers at the stage ($1 study, $2 stage) that count, those scored and
// those right (questions with only unscored answers too, for the class counts; PAIRED leaves them out), summed over the units asking it from the kept tallies (AnswerTally, migration 20261128150000_answer_tallies):
// the same rows counted() selects, as of the statement's snapshot, without reading the answers.
export const HUMANS = `h AS (
  SELECT "questionId", sum(answers)::int AS rows, sum(scored)::int AS n, sum(correct)::int AS c
  FROM "AnswerTally" WHERE "studyId" = $1 AND stage = $2 GROUP BY 1 HAVING sum(answers) > 0)`;

/** The verdicts (v), from $3 on: the stored ones when they are complete for the view at this version,
 *  else the ones scored here. Two statements rather than one with both branches: with the branch for
 *  given verdicts beside it, the planner sorted a quarter million stored verdicts to disk for a merge
 *  join where a hash join is a third cheaper. */
export interface Verdicts {
  cte: string;
  params: unknown[];
}

/** Models paired with people by question, from CTEs h and v: only questions with a scored human
 *  answer, so the model's accuracy is over the questions the humans' is (FANToM drops its no:long
 *  questions for people under the short context; a model's verdict on them would count otherwise). */
export const PAIRED = `
  SELECT v.model, count(*)::int AS n, (count(*) FILTER (WHERE v.correct))::int AS "modelCorrect",
         coalesce(sum(h.c) FILTER (WHERE v.correct), 0)::int AS both,
         coalesce(sum(h.n - h.c) FILTER (WHERE v.correct), 0)::int AS "secondOnly",
         coalesce(sum(h.c) FILTER (WHERE NOT v.correct), 0)::int AS "firstOnly",
         coalesce(sum(h.n - h.c) FILTER (WHERE NOT v.correct), 0)::int AS neither
  FROM v JOIN h USING ("questionId") WHERE h.n > 0 GROUP BY v.model`;

/** The study's predictions scored under the view here (no complete stored verdicts). */
async function scoreHere(client: Queryable, studyId: string, scoring: BenchmarkScoring, view: string): Promise<Verdict[]> {
  const { rows } = await client.query<Prediction>(
    `SELECT p."questionId", p.model, p.view, p.answer FROM "ModelPrediction" p
     WHERE p."questionId" IN (SELECT unnest("questionIds") FROM "StudyUnit" WHERE "studyId" = $1) AND p.view IN ('', $2)`,
    [studyId, view],
  );
  return verdictsUnder(scoring, await predictionQuestions(client, rows), rows, view);
}

function modelRow(p: Pairs): ModelRow {
  const d = pairedDiffProportions(p);
  const answers = p.both + p.firstOnly + p.secondOnly + p.neither;
  return {
    model: p.model,
    n: p.n,
    accuracy: p.n ? p.modelCorrect / p.n : null,
    humanAccuracy: answers ? (p.both + p.firstOnly) / answers : null,
    diff: d.value,
    diffCi95: d.value === null ? null : [d.lower, d.upper],
    mcnemarP: mcnemar(p.firstOnly, p.secondOnly, "exact").value,
  };
}

export interface ModelOpts {
  study: { id: string; datasetId: string };
  stage: number;
  ctx: ScoringContext;
  scoring: BenchmarkScoring;
}

/** $1 and $2 of HUMANS and the verdicts CTE with its parameters from $3 on. */
export async function verdictParams(client: Queryable, opts: ModelOpts): Promise<Verdicts> {
  const view = opts.ctx.view ?? "";
  const { rows: marks } = await client.query<{ complete: boolean }>(
    `SELECT "verdictsVersion" = ${SCORING_VERSION} AND $2 = ANY("verdictViews") AS complete FROM "Dataset" WHERE id = $1`,
    [opts.study.datasetId, view],
  );
  const head = [opts.study.id, opts.stage];
  if (marks[0]?.complete === true) {
    return {
      cte: `v AS (SELECT "questionId", model, correct FROM "ModelVerdict" WHERE "datasetId" = $3 AND view = $4 AND version = ${SCORING_VERSION})`,
      params: [...head, opts.study.datasetId, view],
    };
  }
  const given = await scoreHere(client, opts.study.id, opts.scoring, view);
  return {
    cte: `v AS (SELECT * FROM unnest($3::uuid[], $4::text[], $5::boolean[]) AS g("questionId", model, correct))`,
    params: [...head, given.map((v) => v.questionId), given.map((v) => v.model), given.map((v) => v.correct)],
  };
}

/** Model rows by model name in code point order, whatever the database's collation. */
export function modelRows(pairs: Pairs[]): ModelRow[] {
  return [...pairs].sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0)).map(modelRow);
}

/** Every model with predictions on the questions people answered at a stage, paired by question with their answers. */
export async function readModelRows(client: Queryable, opts: ModelOpts): Promise<ModelRow[]> {
  const { cte, params } = await verdictParams(client, opts);
  const { rows } = await client.query<Pairs>(`WITH ${HUMANS}, ${cte} ${PAIRED}`, params);
  return modelRows(rows);
}
