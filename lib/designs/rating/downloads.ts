import { stringifyCsv } from "@/lib/csv";
import type { DesignExport, ReadCtx } from "@/lib/designs/types";
import type { RatingConfig } from "@/lib/designs/rating/config";
import type { RatingPayload } from "@/lib/designs/rating/response";
import { computeRatingResults, loadRatingData } from "@/lib/designs/rating/results";
import { scatterSvg } from "@/lib/designs/rating/svg";

// The rating study's own files. The ratings CSV reveals the model behind each answer (raters
// never saw it) and says in rater_order in which order each rater received the answers: the
// assignment order, which is the record of the random interleaving. It is read in pages with
// the client it is handed, so a large study streams. The correlation table and the scatter
// plots follow from the results.

export const RATINGS_COLUMNS = [
  "rater",
  "rater_external_id",
  "rater_order",
  "model",
  "question_id",
  "source_id",
  "question_position",
  "score",
  "penalties",
  "comment",
  "study_unit",
  "leased_at",
  "submitted_at",
  "response_id",
  "valid",
];

interface RatingRow {
  id: string;
  submittedAt: Date;
  payload: RatingPayload;
  pseudonym: string;
  externalId: string | null;
  order: number;
  model: string | null;
  questionId: string | null;
  sourceId: string | null;
  position: number | null;
  unitId: string;
  leasedAt: Date;
  valid: boolean;
}

const PAGE = 1000;

async function* ratingsCsv({ client, study }: ReadCtx<RatingConfig>): AsyncGenerator<string> {
  yield stringifyCsv([RATINGS_COLUMNS]);
  // keyset pagination: the last row's (submittedAt, id)
  let afterAt: Date | null = null;
  let afterId: string | null = null;
  for (;;) {
    const { rows }: { rows: RatingRow[] } = await client.query<RatingRow>(
      `WITH ordered AS (
         SELECT a.id, a."leasedAt", a.status, row_number() OVER (PARTITION BY a."participantId" ORDER BY a."leasedAt", a.id)::int AS n
         FROM "Assignment" a WHERE a."studyId" = $1
       )
       SELECT r.id, r."submittedAt", r.payload, p.pseudonym, p."externalId", o.n AS "order", u.model, u."questionId", q."sourceId", q.position,
              u.id AS "unitId", o."leasedAt", o.status = 'submitted' AS valid
       FROM "Response" r JOIN ordered o ON o.id = r."assignmentId" JOIN "Participant" p ON p.id = r."participantId"
       JOIN "StudyUnit" u ON u.id = r."unitId" LEFT JOIN "Question" q ON q.id = u."questionId"
       WHERE r."studyId" = $1 AND ($2::timestamptz IS NULL OR (r."submittedAt", r.id) > ($2::timestamptz, $3::uuid))
       ORDER BY r."submittedAt", r.id LIMIT ${PAGE}`,
      [study.id, afterAt, afterId],
    );
    if (rows.length === 0) return;
    yield stringifyCsv(
      rows.map((r) => [
        r.pseudonym,
        r.externalId ?? "",
        r.order,
        r.model ?? "",
        r.questionId ?? "",
        r.sourceId ?? "",
        r.position ?? "",
        r.payload.score,
        (r.payload.penalties ?? []).join("; "),
        r.payload.comment ?? "",
        r.unitId,
        r.leasedAt,
        r.submittedAt,
        r.id,
        r.valid,
      ]),
    );
    if (rows.length < PAGE) return;
    afterAt = rows.at(-1)!.submittedAt;
    afterId = rows.at(-1)!.id;
  }
}

const cell = (v: number | null | undefined) => (v === null || v === undefined ? "" : v);

async function* correlationsCsv(ctx: ReadCtx<RatingConfig>): AsyncGenerator<string> {
  const results = computeRatingResults(ctx.study, await loadRatingData(ctx));
  yield stringifyCsv([
    ["metric", "source", "n", "pearson", "pearson_ci95_lower", "pearson_ci95_upper", "spearman", "spearman_ci95_lower", "spearman_ci95_upper", "notes"],
    ...results.correlations.map((c) => [
      c.metric,
      c.source,
      c.n,
      cell(c.pearson),
      cell(c.pearsonCi95?.[0]),
      cell(c.pearsonCi95?.[1]),
      cell(c.spearman),
      cell(c.spearmanCi95?.[0]),
      cell(c.spearmanCi95?.[1]),
      c.notes.join("; "),
    ]),
  ]);
}

async function* scatter(ctx: ReadCtx<RatingConfig>): AsyncGenerator<string> {
  const results = computeRatingResults(ctx.study, await loadRatingData(ctx));
  yield scatterSvg(results.scatter, results.correlations, ctx.study.config.scale);
}

export const ratingDownloads: Record<string, DesignExport<RatingConfig>> = {
  "ratings-csv": {
    label: "Ratings (CSV)",
    detail: "One row per rating: the rater, the model behind the answer, the score, penalties and the order each rater received the answers.",
    file: async (ctx) => ({ suffix: "-ratings.csv", contentType: "text/csv; charset=utf-8", chunks: ratingsCsv(ctx) }),
  },
  "correlations-csv": {
    label: "Correlations with automatic metrics (CSV)",
    detail: "Pearson and Spearman correlations of the mean human score with each imported metric, with 95% intervals.",
    file: async (ctx) => ({ suffix: "-correlations.csv", contentType: "text/csv; charset=utf-8", chunks: correlationsCsv(ctx) }),
  },
  "scatter-svg": {
    label: "Scatter plots (SVG)",
    detail: "Human scores against each automatic metric, one panel per metric.",
    file: async (ctx) => ({ suffix: "-scatter.svg", contentType: "image/svg+xml; charset=utf-8", chunks: scatter(ctx) }),
  },
};
