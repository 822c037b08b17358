import type { Gold } from "@/lib/benchmarks/types";
import { AppError } from "@/lib/errors";
import { zodInvalidParams } from "@/lib/http/problem";
import { stageViews } from "@/lib/designs/views";
import type { Design } from "@/lib/designs/types";
import { ratedAnswers } from "@/lib/designs/rating/answers";
import type { RatingConfig } from "@/lib/designs/rating/config";
import { COVERAGE_DESCRIPTION, COVERAGE_METRIC } from "@/lib/designs/rating/coverage";
import { ratingDescriptor } from "@/lib/designs/rating/descriptor";
import { ratingDownloads } from "@/lib/designs/rating/downloads";
import { ratingResponseSchema, type RatingPayload } from "@/lib/designs/rating/response";
import { computeRatingResults, loadRatingData, type RatingResults } from "@/lib/designs/rating/results";

// Response rating (CharToM-QA Appendix E): a rater reads the question, the reference answer with
// its bonus points, and one model's answer, and scores it on the study's scale, marking any
// penalty statements. The view never names the model: the unit's model stays on the server, and
// units are known to the browser only by an opaque lease id.

const reference = (gold: Gold): string | null => (gold.kind === "free_text" ? gold.reference : gold.kind === "short_text" ? gold.value : null);

export const rating: Design<RatingConfig, RatingResults> = {
  ...ratingDescriptor,

  // model answers to rate are free text (CharToM-QA's generative form)
  selectsQuestion: (q) => q.kind === "free_text" || q.kind === "short_text",

  models: (config) => config.models,

  async view(ctx) {
    const { config } = ctx.study;
    const [context, questions] = await Promise.all([ctx.context(), ctx.questions()]);
    const question = questions[0];
    if (!question || !ctx.unit.model) throw new Error(`unit ${ctx.unit.id} is not a model answer`);
    const answer = (await ratedAnswers(ctx.client, [{ questionId: question.id, model: ctx.unit.model }])).get(`${question.id}|${ctx.unit.model}`);
    if (answer === undefined) throw new Error(`unit ${ctx.unit.id} has no imported answer`);
    const views = stageViews(context, ctx.study, ctx.stage);
    const ref = reference(question.gold);
    const bonusPoints = question.gold.kind === "free_text" ? question.gold.bonusPoints ?? [] : [];
    return {
      context: { ...views, layout: Object.keys(views.views).length > 1 && ctx.study.settings.views.length > 1 ? "side-by-side" : "tabs" },
      questions: [
        {
          id: question.id,
          kind: question.kind,
          prompt: question.prompt,
          options: null,
          answer: false,
          ...(ref !== null ? { reference: ref } : {}),
          ...(bonusPoints.length ? { bonusPoints } : {}),
        },
      ],
      checks: [],
      commentAllowed: config.comment,
      rating: { answer, scale: config.scale, penalties: config.penalties },
      modelAnswer: answer,
    };
  },

  validateNeedsQuestions: () => false,
  // a rating has no right answer to check a gold item against
  scoreItem: async () => null,

  async validate(ctx, payload) {
    // built for this answer and used once: jitless spares zod compiling it (new Function) for one parse
    const parsed = ratingResponseSchema(ctx.study.config).safeParse(payload, { jitless: true });
    if (!parsed.success) throw new AppError("invalid_input", "The score is missing or not on the scale.", { invalidParams: zodInvalidParams(parsed.error, "payload") });
    return { payload: parsed.data };
  },

  results: async (ctx) => computeRatingResults(ctx.study, await loadRatingData(ctx)),

  async report(_ctx, results) {
    return {
      models: results.models.map((m) => ({ model: m.model, n: m.answers, meanScore: m.meanScore, ci95: m.ci95, ratings: m.ratings, penaltyRate: m.penaltyRate })),
      correlations: results.correlations.map((c) => ({ metric: c.metric, n: c.n, pearson: c.pearson, spearman: c.spearman, pearsonCi95: c.pearsonCi95, spearmanCi95: c.spearmanCi95, source: c.source })),
      agreement: { krippendorffAlphaInterval: results.agreement[0]?.figures.krippendorffAlpha ?? null, icc: results.icc },
    };
  },

  csvItems(payload) {
    const p = payload as RatingPayload;
    return [{ item: "score", label: String(p.score), comment: p.comment }, ...(p.penalties ?? []).map((penalty) => ({ item: `penalty:${penalty}`, label: "marked" }))];
  },

  manifest(study, results) {
    return {
      scale: study.config.scale,
      models: study.config.models,
      penalties: study.config.penalties,
      blinding: "Raters never receive the model's name; answers of different models are interleaved by each unit's random tie-break, and the ratings export's rater_order records the order each rater received them.",
      metrics: { [COVERAGE_METRIC]: COVERAGE_DESCRIPTION, coverageThreshold: study.config.coverageThreshold },
      byModel: results.models,
      correlations: results.correlations,
      icc: results.icc,
    };
  },

  downloads: ratingDownloads,
};
