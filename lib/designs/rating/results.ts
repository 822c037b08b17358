import type { StoredQuestion } from "@/lib/datasets/questions";
import { commonResults, readUnitQuestions, readUnits, readValidResponses, type UnitRow } from "@/lib/designs/read";
import type { AgreementFigures, DesignResults, ReadCtx, Study } from "@/lib/designs/types";
import { ratedAnswers } from "@/lib/designs/rating/answers";
import type { RatingConfig } from "@/lib/designs/rating/config";
import { bonusCoverage, COVERAGE_METRIC } from "@/lib/designs/rating/coverage";
import { correlate, type CorrelationRow, type Scatter } from "@/lib/designs/rating/correlations";
import { scoreAgreement, type IccFigures } from "@/lib/designs/rating/agreement";
import type { RatingPayload } from "@/lib/designs/rating/response";
import { bootstrapMean } from "@/lib/metrics";

// The researcher's view of a rating study: the mean human score per model with a bootstrap
// interval, agreement among raters on the score, and how well each automatic metric (imported,
// or Sally's lexical coverage proxy) tracks the mean human score per answer.

export interface ModelSummary {
  model: string;
  /** answers of this model with at least one valid rating */
  answers: number;
  ratings: number;
  /** the mean over answers of each answer's mean rating */
  meanScore: number | null;
  ci95: [number, number] | null;
  /** the share of ratings marking at least one penalty */
  penaltyRate: number | null;
  notes: string[];
}

export interface RatingResults extends DesignResults {
  scale: RatingConfig["scale"];
  models: ModelSummary[];
  agreement: { check: string; label: string; figures: AgreementFigures }[];
  icc: IccFigures;
  correlations: CorrelationRow[];
  scatter: Scatter[];
}

export interface Rating {
  unitId: string;
  participantId: string;
  pseudonym: string;
  externalId: string | null;
  seconds: number | null;
  score: number;
  penalties: string[];
}

export interface RatingData {
  units: UnitRow[];
  ratings: Rating[];
  questions: Map<string, StoredQuestion>;
  /** the rated answer per "questionId|model" */
  answers: Map<string, string>;
  metrics: { questionId: string; model: string; metric: string; value: number }[];
}

export async function loadRatingData({ client, study }: ReadCtx<RatingConfig>): Promise<RatingData> {
  const [units, responses] = await Promise.all([readUnits(client, study.id), readValidResponses(client, study)]);
  const pairs = units.flatMap((u) => (u.questionId && u.model ? [{ questionId: u.questionId, model: u.model }] : []));
  const [questions, answers, metrics] = await Promise.all([
    readUnitQuestions(client, units),
    ratedAnswers(client, pairs),
    client.query<{ questionId: string; model: string; metric: string; value: number }>(
      `SELECT m."questionId", m.model, m.metric, m.value FROM unnest($1::uuid[], $2::text[]) AS p(q, model)
       JOIN "ModelMetric" m ON m."questionId" = p.q AND m.model = p.model ORDER BY m.metric, m."questionId", m.model`,
      [pairs.map((p) => p.questionId), pairs.map((p) => p.model)],
    ),
  ]);
  return {
    units,
    ratings: responses.map((r) => {
      const p = r.payload as RatingPayload;
      return { unitId: r.unitId, participantId: r.participantId, pseudonym: r.pseudonym, externalId: r.externalId, seconds: r.seconds, score: p.score, penalties: p.penalties ?? [] };
    }),
    questions,
    answers,
    metrics: metrics.rows,
  };
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

export function computeRatingResults(study: Pick<Study<RatingConfig>, "n" | "config">, data: RatingData): RatingResults {
  const config = study.config;
  const byUnit = new Map<string, Rating[]>();
  for (const r of data.ratings) byUnit.set(r.unitId, [...(byUnit.get(r.unitId) ?? []), r]);
  const rated = data.units.flatMap((u) => {
    const ratings = byUnit.get(u.id) ?? [];
    return ratings.length && u.questionId && u.model ? [{ unit: u, questionId: u.questionId, model: u.model, ratings, human: mean(ratings.map((r) => r.score)) }] : [];
  });

  const models = config.models.map((model): ModelSummary => {
    const mine = rated.filter((r) => r.model === model);
    const ratings = mine.flatMap((r) => r.ratings);
    const boot = bootstrapMean(mine.map((r) => r.human), { seed: 1, resamples: 2000 });
    return {
      model,
      answers: mine.length,
      ratings: ratings.length,
      meanScore: mine.length ? mean(mine.map((r) => r.human)) : null,
      ci95: boot.value === null ? null : [boot.lower, boot.upper],
      penaltyRate: ratings.length ? ratings.filter((r) => r.penalties.length > 0).length / ratings.length : null,
      notes: boot.value === null ? [`bootstrap interval: ${boot.reason}`] : [],
    };
  });

  // Sally's own proxy where the data has bonus points; an imported value of the same name wins
  const metrics = [...data.metrics];
  const imported = new Set(metrics.filter((m) => m.metric === COVERAGE_METRIC).map((m) => `${m.questionId}|${m.model}`));
  for (const r of rated) {
    const gold = data.questions.get(r.questionId)?.gold;
    const answer = data.answers.get(`${r.questionId}|${r.model}`);
    if (gold?.kind !== "free_text" || !gold.bonusPoints?.length || answer === undefined || imported.has(`${r.questionId}|${r.model}`)) continue;
    const value = bonusCoverage(answer, gold.bonusPoints, config.coverageThreshold);
    if (value !== null) metrics.push({ questionId: r.questionId, model: r.model, metric: COVERAGE_METRIC, value });
  }
  const { correlations, scatter } = correlate(rated.map((r) => ({ questionId: r.questionId, model: r.model, human: r.human })), metrics);
  const { agreement, icc } = scoreAgreement(config.scale, study.n, data.ratings);
  const common = commonResults(study, data.units, data.ratings);
  return { scale: config.scale, progress: common.progress, participants: common.participants, models, agreement, icc, correlations, scatter };
}
