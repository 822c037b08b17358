import type { Queryable } from "@/lib/db/queryable";
import { designOf, type Study } from "@/lib/designs";
import type { VoteFamilies } from "@/lib/designs/types";
import { counted, readStudyAtOneMoment } from "@/lib/designs/counted";
import { AppError } from "@/lib/errors";
import { agreementTimeline, foldAgreement, type AgreementSeries, type FoldOptions } from "@/lib/studies/timeline-agreement";

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
  /** a page's read only (`later`): the agreement sums are being brought up to date after the response,
   *  so `agreement` is left empty this time */
  agreementPending?: true;
}

/** The finest bucket that keeps the span readable: hours up to a week, days up to a year, then weeks. */
export function autoBucket(spanMs: number): Bucket {
  if (spanMs <= 7 * BUCKET_MS.day) return "hour";
  if (spanMs <= 366 * BUCKET_MS.day) return "day";
  return "week";
}

/** `later`: a page's read, which leaves a fold of more than `nowMax` answers (FOLD_NOW_MAX; a test lowers
 *  it) to run after its response (lib/studies/timeline-agreement.ts) and reads the rest without agreement. */
export async function studyTimeline(study: Study, opts: { bucket?: Bucket | "auto"; client?: Queryable } & Pick<FoldOptions, "later" | "nowMax"> = {}): Promise<Timeline> {
  const families = designOf(study.design).voteFamilies?.(study.config) ?? null;
  if (opts.client) return readTimeline(study, opts.bucket, opts.client, families, undefined, false);
  // the kept agreement sums brought up to date first, so the snapshot adds only the units changed since
  const pending = families !== null && (await foldAgreement(study.id, families, { later: opts.later, nowMax: opts.nowMax })) === "later";
  // what the snapshot adds, grouped as an incremental sort, took twice as long as a hash aggregate
  // when it was every answer's checks (docs/benchmarks.md)
  const timeline = await readStudyAtOneMoment(study.id, (client, notCounted) => readTimeline(study, opts.bucket, client, pending ? null : families, notCounted), 3, ["enable_incremental_sort = off"]);
  return pending ? { ...timeline, agreementPending: true } : timeline;
}

/** Two reads side by side on a snapshot's connections, or one after the other on a single given connection. */
function both<A, B>(a: () => Promise<A>, b: () => Promise<B>, parallel: boolean): Promise<[A, B]> {
  return parallel ? Promise.all([a(), b()]) : a().then(async (x) => [x, await b()]);
}

/** `families`: the check families whose agreement is read (none for designs without, or while it is pending). */
async function readTimeline(study: Study, wanted: Bucket | "auto" | undefined, client: Queryable, families: VoteFamilies | null, notCounted?: readonly string[], parallel = true): Promise<Timeline> {
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

  const [points, agreement] = await both(
    () => progressPoints(client, study, bucket, stage, notCounted, parallel),
    () => (families ? agreementTimeline(client, study.id, bucket, families, notCounted) : Promise.resolve([])),
    parallel,
  );
  return { ...base, points, agreement };
}

async function progressPoints(client: Queryable, study: Study, bucket: Bucket, stage: number, notCounted: readonly string[] | undefined, parallel: boolean): Promise<TimelinePoint[]> {
  const valid = `FROM "Response" r WHERE r."studyId" = $1 AND r.stage = $2 AND ${counted("r", "$1", notCounted)}`;
  // Two statements, each one pass over the answers, read side by side on the snapshot's connections
  // (one after the other they were most of a baseline's timeline at 1M: docs/benchmarks.md).
  // Timestamps are truncated in UTC as plain timestamps, so a day is 24 hours whatever the session's
  // time zone. Participants per bucket are counted from (bucket, participant) groups, and a unit's
  // N-th answer is its last where it has exactly N (as exact N keeps it), so neither sorts a million
  // answers; a unit with more (which the assignment never gives) gets its N-th looked up.
  const [{ rows: answered }, { rows: completed }] = await both(
    () => client.query<{ start: Date; answers: number; participants: number }>(
      `SELECT start AT TIME ZONE 'UTC' AS start, sum(n)::int AS answers, count(*)::int AS participants
       FROM (SELECT date_trunc($3, r."submittedAt" AT TIME ZONE 'UTC') AS start, r."participantId", count(*) AS n ${valid} GROUP BY 1, 2) x
       GROUP BY 1`,
      [study.id, stage, bucket],
    ),
    () => client.query<{ start: Date; units: number }>(
      `WITH done AS (
         SELECT r."unitId", count(*) AS n, max(r."submittedAt") AS last ${valid} GROUP BY 1 HAVING count(*) >= $4
       ), nth AS (
         SELECT last AS at FROM done WHERE n = $4
         UNION ALL
         SELECT (SELECT r."submittedAt" ${valid} AND r."unitId" = d."unitId" ORDER BY r."submittedAt", r.id OFFSET $4 - 1 LIMIT 1) FROM done d WHERE d.n > $4
       )
       SELECT date_trunc($3, at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start, count(*)::int AS units FROM nth GROUP BY 1`,
      [study.id, stage, bucket, study.n],
    ),
    parallel,
  );
  if (!answered.length) return [];
  const byStart = new Map(answered.map((r) => [r.start.getTime(), r]));
  const units = new Map(completed.map((r) => [r.start.getTime(), r.units]));
  const starts = answered.map((r) => r.start.getTime());
  // every bucket from the first answered to the last, those without answers included (in UTC an hour,
  // a day and a week are fixed lengths, and a week's truncation keeps its weekday)
  const points: TimelinePoint[] = [];
  let complete = 0;
  for (let t = Math.min(...starts), last = Math.max(...starts); t <= last; t += BUCKET_MS[bucket]) {
    const unitsCompleted = units.get(t) ?? 0;
    complete += unitsCompleted;
    const p = byStart.get(t);
    points.push({ start: new Date(t).toISOString(), answers: p?.answers ?? 0, participants: p?.participants ?? 0, unitsCompleted, complete });
  }
  return points;
}
