import { scorePrediction } from "@/lib/benchmarks/prediction";
import { isBenchmarkName, scoringOf } from "@/lib/benchmarks/registry";
import { SCORING_VERSION, type BenchmarkScoring, type ScoringQuestion } from "@/lib/benchmarks/scoring";
import { questionsByIds, scoringQuestion } from "@/lib/datasets/questions";
import type { Queryable } from "@/lib/db/queryable";

// Model predictions are scored when they are imported, once for every view a study of their
// dataset can score under (each context view, and "" for a study that names none), and the verdict
// a report counts per model, question and view is stored (ModelVerdict): a report then pairs a
// quarter of a million predictions with people's answers in SQL instead of parsing and scoring each
// one on every read (docs/benchmarks.md, bench:report).

const QUESTIONS_PER_BATCH = 2000;

export interface Prediction {
  questionId: string;
  model: string;
  /** the view the model read; "" when not given */
  view: string;
  answer: unknown;
}

export interface Verdict {
  questionId: string;
  model: string;
  correct: boolean;
}

/**
 * The verdicts a report counts under one view ("" = none named): per model and question, the
 * prediction made under that view if the benchmark scores it, else the one naming no view; a
 * prediction under another view never counts, and one that is not machine-scored gives no verdict.
 */
export function verdictsUnder(scoring: BenchmarkScoring, questions: ReadonlyMap<string, ScoringQuestion>, predictions: readonly Prediction[], view: string): Verdict[] {
  const picked = new Map<string, Verdict & { own: boolean }>();
  for (const p of predictions) {
    if (p.view !== "" && p.view !== view) continue;
    const q = questions.get(p.questionId);
    if (!q) continue;
    const correct = scorePrediction(scoring, q, p.answer, { view: view === "" ? null : view }).score.correct;
    if (correct === null) continue;
    const key = `${p.questionId}\u0000${p.model}`;
    const own = p.view !== "";
    if (!picked.has(key) || own) picked.set(key, { questionId: p.questionId, model: p.model, correct, own });
  }
  return [...picked.values()].map(({ own: _own, ...v }) => v);
}

/** The questions some predictions answer, as the scorers take them (read with the caller's client). */
export async function predictionQuestions(client: Queryable, predictions: readonly Pick<Prediction, "questionId">[]): Promise<Map<string, ScoringQuestion>> {
  return new Map((await questionsByIds(client, [...new Set(predictions.map((p) => p.questionId))])).map((q) => [q.id, scoringQuestion(q)]));
}

async function datasetScoring(client: Queryable, datasetId: string): Promise<{ scoring: BenchmarkScoring; views: string[] }> {
  // later imports into the dataset wait here: each rescores every prediction, its own included
  const benchmark = await client.query<{ benchmark: string }>(`SELECT benchmark FROM "Dataset" WHERE id = $1 FOR UPDATE`, [datasetId]);
  const views = await client.query<{ view: string }>(`SELECT DISTINCT jsonb_object_keys(views) AS view FROM "Context" WHERE "datasetId" = $1 ORDER BY 1`, [datasetId]);
  const name = benchmark.rows[0]?.benchmark ?? "generic";
  return { scoring: scoringOf(isBenchmarkName(name) ? name : "generic"), views: ["", ...views.rows.map((r) => r.view)] };
}

/** The dataset's predictions, a few thousand questions' worth at a time (keyset by question). */
async function* batches(client: Queryable, datasetId: string): AsyncGenerator<Prediction[]> {
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const ids = (await client.query<{ id: string }>(
      `SELECT id FROM "Question" WHERE "datasetId" = $1 AND id > $2 ORDER BY id LIMIT ${QUESTIONS_PER_BATCH}`,
      [datasetId, after],
    )).rows.map((r) => r.id);
    if (ids.length === 0) return;
    after = ids.at(-1)!;
    const { rows } = await client.query<Prediction>(`SELECT "questionId", model, view, answer FROM "ModelPrediction" WHERE "questionId" = ANY($1::uuid[])`, [ids]);
    if (rows.length) yield rows;
  }
}

/**
 * Scores every prediction of a dataset under every view and replaces its stored verdicts, then
 * marks them complete. Runs inside the prediction import's transaction: `client` is its client.
 */
export async function storeVerdicts(client: Queryable, datasetId: string): Promise<number> {
  const { scoring, views } = await datasetScoring(client, datasetId);
  await client.query(`DELETE FROM "ModelVerdict" WHERE "datasetId" = $1`, [datasetId]);
  let stored = 0;
  for await (const rows of batches(client, datasetId)) {
    const questions = await predictionQuestions(client, rows);
    const all = views.flatMap((view) => verdictsUnder(scoring, questions, rows, view).map((v) => ({ ...v, view })));
    await client.query(
      `INSERT INTO "ModelVerdict" ("datasetId", view, version, "questionId", model, correct)
       SELECT $1, view, ${SCORING_VERSION}, q, m, c FROM unnest($2::text[], $3::uuid[], $4::text[], $5::boolean[]) AS t(view, q, m, c)`,
      [datasetId, all.map((v) => v.view), all.map((v) => v.questionId), all.map((v) => v.model), all.map((v) => v.correct)],
    );
    stored += all.length;
  }
  await client.query(`UPDATE "Dataset" SET "verdictsVersion" = ${SCORING_VERSION}, "verdictViews" = $2 WHERE id = $1`, [datasetId, views]);
  return stored;
}
