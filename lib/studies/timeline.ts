import type { Queryable } from "@/lib/db/queryable";
import { designOf, type Study } from "@/lib/designs";
import { counted, readStudyAtOneMoment } from "@/lib/designs/counted";
import { AppError } from "@/lib/errors";
import { agreementTimeline, type AgreementSeries } from "@/lib/studies/timeline-agreement";

// Progress over time: the valid answers of a study (those of submitted assignments, as every
// figure counts them) in UTC buckets of an hour, a day or a week, aggregated by PostgreSQL
// (GROUP BY over date_trunc; a unit's completion is the time of its N-th valid final-stage
// answer), so the cost is one pass over the study's answers and the result is one row per
// bucket, whatever the number of answers. Buckets without answers are kept, so time reads evenly.
// Read in one snapshot with the not-counted list (lib/db/snapshot.ts, lib/designs/counted.ts): at a
// million answers the join to every assignment was most of the time.

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

export function studyTimeline(study: Study, opts: { bucket?: Bucket | "auto"; client?: Queryable } = {}): Promise<Timeline> {
  if (opts.client) return readTimeline(study, opts.bucket, opts.client);
  // the agreement's first grouping (a million answers' checks) planned as an incremental sort of five
  // million rows took twice as long as a hash aggregate (docs/benchmarks.md)
  return readStudyAtOneMoment(study.id, (client, notCounted) => readTimeline(study, opts.bucket, client, notCounted), 3, ["enable_incremental_sort = off"]);
}

async function readTimeline(study: Study, wanted: Bucket | "auto" | undefined, client: Queryable, notCounted?: readonly string[]): Promise<Timeline> {
  const stage = Math.max(1, study.settings.stages.length);
  const { rows: span } = await client.query<{ first: Date | null; last: Date | null; units: number }>(
    `SELECT min(r."submittedAt") AS first, max(r."submittedAt") AS last, (SELECT count(*)::int FROM "StudyUnit" WHERE "studyId" = $1) AS units
     FROM "Response" r WHERE r."studyId" = $1 AND ${counted("r", "$1", notCounted)}`,
    [study.id],
  );
  const { first, last, units } = span[0]!;
  const spanMs = first && last ? last.getTime() - first.getTime() : 0;
  const bucket = !wanted || wanted === "auto" ? autoBucket(spanMs) : wanted;
  if (spanMs / BUCKET_MS[bucket] > MAX_BUCKETS) {
    throw new AppError("invalid_input", `This study's answers span more than ${MAX_BUCKETS} ${bucket}s; choose a coarser bucket.`, {
      invalidParams: [{ name: "bucket", reason: `more than ${MAX_BUCKETS} buckets` }],
    });
  }
  const base = { bucket, stage, n: study.n, units };
  if (!first) return { ...base, points: [], agreement: [] };

  const families = designOf(study.design).voteFamilies?.(study.config) ?? null;
  const [points, agreement] = await Promise.all([
    progressPoints(client, study, bucket, stage, notCounted),
    families ? agreementTimeline(client, study.id, bucket, families, notCounted) : Promise.resolve([]),
  ]);
  return { ...base, points, agreement };
}

async function progressPoints(client: Queryable, study: Study, bucket: Bucket, stage: number, notCounted?: readonly string[]): Promise<TimelinePoint[]> {
  const valid = `FROM "Response" r WHERE r."studyId" = $1 AND r.stage = $2 AND ${counted("r", "$1", notCounted)}`;
  // timestamps are truncated in UTC as plain timestamps, so a day is 24 hours whatever the
  // session's time zone (generate_series over timestamptz would step across DST changes).
  // Participants per bucket are counted from (bucket, participant) groups, and a unit's N-th answer
  // is its last where it has exactly N (as exact N keeps it), so neither sorts a million answers;
  // a unit with more (which the assignment never gives) gets its N-th looked up.
  const { rows } = await client.query<{ start: Date; answers: number; participants: number; unitsCompleted: number }>(
    `WITH per_bucket AS (
       SELECT start, sum(n)::int AS answers, count(*)::int AS participants
       FROM (SELECT date_trunc($3, r."submittedAt" AT TIME ZONE 'UTC') AS start, r."participantId", count(*) AS n ${valid} GROUP BY 1, 2) x
       GROUP BY start
     ), done AS (
       SELECT r."unitId", count(*) AS n, max(r."submittedAt") AS last ${valid} GROUP BY 1 HAVING count(*) >= $4
     ), nth AS (
       SELECT last AS at FROM done WHERE n = $4
       UNION ALL
       SELECT (SELECT r."submittedAt" ${valid} AND r."unitId" = d."unitId" ORDER BY r."submittedAt", r.id OFFSET $4 - 1 LIMIT 1) FROM done d WHERE d.n > $4
     ), completed AS (
       SELECT date_trunc($3, at AT TIME ZONE 'UTC') AS start, count(*)::int AS units FROM nth GROUP BY 1
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
