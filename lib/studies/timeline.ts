import { pool } from "@/lib/db/pool";
import type { Queryable } from "@/lib/db/queryable";
import { designOf, type Study } from "@/lib/designs";
import { AppError } from "@/lib/errors";
import { agreementTimeline, type AgreementSeries } from "@/lib/studies/timeline-agreement";

// Progress over time: the valid answers of a study (those of submitted assignments, as every
// figure counts them) in UTC buckets of an hour, a day or a week, aggregated by PostgreSQL
// (GROUP BY over date_trunc; a unit's completion is the time of its N-th valid final-stage
// answer), so the cost is one pass over the study's answers and the result is one row per
// bucket, whatever the number of answers. Buckets without answers are kept, so time reads evenly.

export const BUCKETS = ["hour", "day", "week"] as const;
export type Bucket = (typeof BUCKETS)[number];

/** More buckets than this make an unreadable chart and a large payload; ask for a coarser one. */
export const MAX_BUCKETS = 2000;
const BUCKET_MS: Record<Bucket, number> = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 };

export interface TimelinePoint {
  /** the bucket's start, UTC */
  start: string;
  /** valid final-stage answers submitted in the bucket */
  answers: number;
  /** distinct participants among them */
  participants: number;
  /** units whose N-th valid final-stage answer came in the bucket */
  unitsCompleted: number;
  /** units complete at the bucket's end */
  complete: number;
}

export interface Timeline {
  bucket: Bucket;
  /** the stage whose answers count (the last one of a staged study) */
  stage: number;
  /** answers a unit needs to be complete */
  n: number;
  units: number;
  points: TimelinePoint[];
  /** vote-based designs that declare check families: agreement up to the end of each bucket */
  agreement: AgreementSeries[];
}

/** The finest bucket that keeps the span readable: hours up to a week, days up to a year, then weeks. */
export function autoBucket(spanMs: number): Bucket {
  if (spanMs <= 7 * BUCKET_MS.day) return "hour";
  if (spanMs <= 366 * BUCKET_MS.day) return "day";
  return "week";
}

export async function studyTimeline(study: Study, opts: { bucket?: Bucket | "auto"; client?: Queryable } = {}): Promise<Timeline> {
  const client = opts.client ?? pool();
  const stage = Math.max(1, study.settings.stages.length);
  const { rows: span } = await client.query<{ first: Date | null; last: Date | null; units: number }>(
    `SELECT min(r."submittedAt") AS first, max(r."submittedAt") AS last, (SELECT count(*)::int FROM "StudyUnit" WHERE "studyId" = $1) AS units
     FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId"
     WHERE r."studyId" = $1 AND a.status = 'submitted'`,
    [study.id],
  );
  const { first, last, units } = span[0]!;
  const spanMs = first && last ? last.getTime() - first.getTime() : 0;
  const bucket = !opts.bucket || opts.bucket === "auto" ? autoBucket(spanMs) : opts.bucket;
  if (spanMs / BUCKET_MS[bucket] > MAX_BUCKETS) {
    throw new AppError("invalid_input", `This study's answers span more than ${MAX_BUCKETS} ${bucket}s; choose a coarser bucket.`, {
      invalidParams: [{ name: "bucket", reason: `more than ${MAX_BUCKETS} buckets` }],
    });
  }
  const base = { bucket, stage, n: study.n, units };
  if (!first) return { ...base, points: [], agreement: [] };

  const families = designOf(study.design).voteFamilies?.(study.config) ?? null;
  const [points, agreement] = await Promise.all([progressPoints(client, study, bucket, stage), families ? agreementTimeline(client, study.id, bucket, families) : Promise.resolve([])]);
  return { ...base, points, agreement };
}

async function progressPoints(client: Queryable, study: Study, bucket: Bucket, stage: number): Promise<TimelinePoint[]> {
  // timestamps are truncated in UTC as plain timestamps, so a day is 24 hours whatever the
  // session's time zone (generate_series over timestamptz would step across DST changes)
  const { rows } = await client.query<{ start: Date; answers: number; participants: number; unitsCompleted: number }>(
    `WITH valid AS (
       SELECT r.id, r."unitId", r."participantId", date_trunc($3, r."submittedAt" AT TIME ZONE 'UTC') AS start, r."submittedAt"
       FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId"
       WHERE r."studyId" = $1 AND a.status = 'submitted' AND r.stage = $2
     ), per_bucket AS (
       SELECT start, count(*)::int AS answers, count(DISTINCT "participantId")::int AS participants FROM valid GROUP BY start
     ), completed AS (
       SELECT start, count(*)::int AS units
       FROM (SELECT start, row_number() OVER (PARTITION BY "unitId" ORDER BY "submittedAt", id) AS k FROM valid) ranked
       WHERE k = $4 GROUP BY start
     ), series AS (
       SELECT generate_series(min(start), max(start), ('1 ' || $3)::interval) AS start FROM per_bucket
     )
     SELECT s.start AT TIME ZONE 'UTC' AS start, coalesce(p.answers, 0) AS answers, coalesce(p.participants, 0) AS participants,
            coalesce(c.units, 0) AS "unitsCompleted"
     FROM series s LEFT JOIN per_bucket p ON p.start = s.start LEFT JOIN completed c ON c.start = s.start
     ORDER BY s.start`,
    [study.id, stage, bucket, study.n],
  );
  let complete = 0;
  return rows.map((r) => {
    complete += r.unitsCompleted;
    return { start: r.start.toISOString(), answers: r.answers, participants: r.participants, unitsCompleted: r.unitsCompleted, complete };
  });
}
