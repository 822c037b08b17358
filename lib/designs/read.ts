import { questionsByIds, type StoredQuestion } from "@/lib/datasets/questions";
import type { Queryable } from "@/lib/db/queryable";
import { counted } from "@/lib/designs/counted";
import type { StoredResponse, Study, Unit } from "@/lib/designs/types";

// The reads every design's results share. "Valid" answers are those of submitted assignments:
// an answer whose assignment expired between stages, was returned, or was voided by the
// exclusion policy stays in the raw export but counts nowhere else.

export interface UnitRow extends Unit {
  title: string | null;
  /** live, unexpired leases right now */
  live: number;
}

export async function readUnits(client: Queryable, studyId: string): Promise<UnitRow[]> {
  const { rows } = await client.query<UnitRow>(
    // live leases counted once for the study (the Assignment(studyId, status, expiresAt) index), not
    // probed per unit: a probe per unit reads every assignment of that unit
    `SELECT u.id, u.ordinal, u."contextId", u."questionId", u."questionIds", u.model, u.stratum, c.title, coalesce(l.n, 0) AS live
     FROM "StudyUnit" u JOIN "Context" c ON c.id = u."contextId"
     LEFT JOIN (SELECT "unitId", count(*)::int AS n FROM "Assignment" WHERE "studyId" = $1 AND status = 'live' AND "expiresAt" > now() GROUP BY 1) l ON l."unitId" = u.id
     WHERE u."studyId" = $1 ORDER BY u.ordinal`,
    [studyId],
  );
  return rows;
}

/** Every question any unit asks, by id (one query). */
export async function readUnitQuestions(client: Queryable, units: readonly Unit[]): Promise<Map<string, StoredQuestion>> {
  const ids = [...new Set(units.flatMap((u) => u.questionIds))];
  return new Map((await questionsByIds(client, ids)).map((q) => [q.id, q]));
}

export interface ResponseRow extends StoredResponse {
  externalId: string | null;
}

/** Valid responses in submission order; `stage` narrows to one stage. */
export async function readValidResponses(client: Queryable, study: Pick<Study, "id">, opts: { stage?: number } = {}): Promise<ResponseRow[]> {
  const { rows } = await client.query<ResponseRow>(
    `SELECT r.id, r."unitId", r."participantId", p.pseudonym, p."externalId", a."group", r.stage, r.payload, r.revised, r."submittedAt",
            coalesce(r."durationMs" / 1000.0, extract(epoch FROM r."submittedAt" - a."leasedAt"))::float AS seconds
     FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId" JOIN "Participant" p ON p.id = r."participantId"
     WHERE r."studyId" = $1 AND a.status = 'submitted' AND ($2::int IS NULL OR r.stage = $2)
     ORDER BY r."submittedAt", r.id`,
    [study.id, opts.stage ?? null],
  );
  return rows;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface CommonResults {
  progress: { units: number; complete: number; inProgress: number; remaining: number; participants: number; responses: number; medianSecondsPerUnit: number | null };
  participants: { participantId: string; pseudonym: string; externalId: string | null; units: number; medianSeconds: number | null }[];
}

/** Progress and per-participant figures every design reports, from its units and final-stage answers. */
export function commonResults(
  study: Pick<Study, "n">,
  units: readonly Pick<UnitRow, "id" | "live">[],
  responses: readonly Pick<ResponseRow, "unitId" | "participantId" | "pseudonym" | "externalId" | "seconds">[],
): CommonResults {
  const submitted = new Map<string, number>();
  const perParticipant = new Map<string, { pseudonym: string; externalId: string | null; units: number; seconds: number[] }>();
  for (const r of responses) {
    submitted.set(r.unitId, (submitted.get(r.unitId) ?? 0) + 1);
    const p = perParticipant.get(r.participantId) ?? { pseudonym: r.pseudonym, externalId: r.externalId, units: 0, seconds: [] };
    p.units++;
    if (r.seconds !== null) p.seconds.push(r.seconds);
    perParticipant.set(r.participantId, p);
  }
  const complete = units.filter((u) => (submitted.get(u.id) ?? 0) >= study.n).length;
  const started = units.filter((u) => (submitted.get(u.id) ?? 0) < study.n && (u.live > 0 || (submitted.get(u.id) ?? 0) > 0)).length;
  return {
    progress: {
      units: units.length,
      complete,
      inProgress: started,
      remaining: units.length - complete - started,
      participants: perParticipant.size,
      responses: responses.length,
      medianSecondsPerUnit: median(responses.flatMap((r) => (r.seconds === null ? [] : [r.seconds]))),
    },
    participants: [...perParticipant.entries()].map(([participantId, p]) => ({
      participantId,
      pseudonym: p.pseudonym,
      externalId: p.externalId,
      units: p.units,
      medianSeconds: median(p.seconds),
    })),
  };
}

// the median of a response's seconds (alias r) over a group, taken in milliseconds and divided once:
// ordering a million responses by a numeric division each took twice as long as the ordering itself
// (docs/benchmarks.md); the lease is looked up only for a response without its own duration
export const MEDIAN_SECONDS = `(percentile_cont(0.5) WITHIN GROUP (ORDER BY coalesce(r."durationMs"::float8, (SELECT extract(epoch FROM r."submittedAt" - l."leasedAt")::float8 * 1000 FROM "Assignment" l WHERE l.id = r."assignmentId"))) / 1000)`;

export type ParticipantFigure = CommonResults["participants"][number];

// per participant and, with `totals`, for the study in one pass: the study's row is the one without a
// participant; each participant's names looked up by key (a join of the thousand rows planned as a
// nested loop over every participant)
function figuresQuery(from: string, totals: boolean): string {
  return `SELECT x."participantId", p.pseudonym, p."externalId", x.units, x."medianSeconds", x.total
     FROM (SELECT r."participantId", count(*)::int AS units, ${MEDIAN_SECONDS} AS "medianSeconds",
                  min(r."submittedAt") AS first, ${totals ? `GROUPING(r."participantId") = 1` : "false"} AS total
           ${from} GROUP BY ${totals ? `GROUPING SETS ((r."participantId"), ())` : `r."participantId"`}) x
     -- OFFSET 0 keeps this a lookup by id per participant: pulled up into a join, it was planned as a
     -- nested loop over every participant of the database for each one (0.3 s at a thousand people)
     LEFT JOIN LATERAL (SELECT pseudonym, "externalId" FROM "Participant" WHERE id = x."participantId" OFFSET 0) p ON true
     ORDER BY x.total, x.first, x."participantId"`;
}

/** The study's counted responses (alias r), at one stage or all. */
function countedResponses(study: Pick<Study, "id">, stage: number | undefined, notCounted?: readonly string[]): { from: string; args: unknown[] } {
  return { from: `FROM "Response" r WHERE r."studyId" = $1 AND ($2::int IS NULL OR r.stage = $2) AND ${counted("r", "$1", notCounted)}`, args: [study.id, stage ?? null] };
}

/** Units and median seconds per participant at a stage, in the order of their first answer, without
 *  the study's progress (what a report prints). */
export async function readParticipantFigures(client: Queryable, study: Pick<Study, "id">, stage: number, notCounted?: readonly string[]): Promise<ParticipantFigure[]> {
  const { from, args } = countedResponses(study, stage, notCounted);
  const { rows } = await client.query<ParticipantFigure & { total: boolean }>(figuresQuery(from, false), args);
  return rows.map(({ total: _total, ...r }) => r);
}

/** commonResults' figures counted in PostgreSQL (no response loaded), with the valid answers per unit.
 *  `stage` narrows to one stage (baselines count their final stage). Medians are percentile_cont(0.5). */
export async function readCommon(
  client: Queryable,
  study: Pick<Study, "id" | "n">,
  units: readonly Pick<UnitRow, "id" | "live">[] | Promise<readonly Pick<UnitRow, "id" | "live">[]>,
  opts: { stage?: number; notCounted?: readonly string[]; perUnit?: Promise<Map<string, number>> } = {},
): Promise<CommonResults & { submitted: Map<string, number> }> {
  const { from, args } = countedResponses(study, opts.stage, opts.notCounted);
  // the counts start at once: the units (for the progress) may still be on their way
  const [allUnits, submitted, figures] = await Promise.all([
    units,
    // valid answers per unit: given when they are kept (a validation study's UnitTally)
    opts.perUnit ??
      client.query<{ unitId: string; n: number }>(`SELECT r."unitId", count(*)::int AS n ${from} GROUP BY 1`, args).then(({ rows }) => new Map(rows.map((u) => [u.unitId, u.n]))),
    client.query<ParticipantFigure & { total: boolean }>(figuresQuery(from, true), args),
  ]);
  const totals = figures.rows.find((r) => r.total);
  const participants = figures.rows.filter((r) => !r.total).map(({ total: _total, ...r }) => r);
  return {
    submitted,
    progress: progressOf(
      study.n,
      allUnits.map((u) => ({ submitted: submitted.get(u.id) ?? 0, live: u.live })),
      { participants: participants.length, responses: totals?.units ?? 0, medianSeconds: totals?.medianSeconds ?? null },
    ),
    participants,
  };
}

/** The progress from each unit's valid answers and live leases, and the study's totals. A row with
 *  `units` stands for that many alike units. */
export function progressOf(
  n: number,
  units: readonly { submitted: number; live: number; units?: number }[],
  totals: { participants: number; responses: number; medianSeconds: number | null },
): CommonResults["progress"] {
  let all = 0;
  let complete = 0;
  let started = 0;
  for (const u of units) {
    const times = u.units ?? 1;
    all += times;
    if (u.submitted >= n) complete += times;
    else if (u.live > 0 || u.submitted > 0) started += times;
  }
  return {
    units: all,
    complete,
    inProgress: started,
    remaining: all - complete - started,
    participants: totals.participants,
    responses: totals.responses,
    medianSecondsPerUnit: totals.medianSeconds,
  };
}

/** The study's totals at a stage alone (no row per participant): who answered, how many answers, the
 *  median time. `client` is one snapshot (readStudyAtOneMoment): the median's rows are found by the count.
 *  `responses`: the counted answers when the caller has their count (a validation study's tallies, a
 *  baseline's answers per unit); otherwise they are counted here (a pass over every answer: 0.25 s at 1M). */
export async function readTotals(
  client: Queryable,
  study: Pick<Study, "id">,
  stage: number,
  opts: { notCounted?: readonly string[]; responses?: Promise<number> } = {},
): Promise<{ participants: number; responses: number; medianSeconds: number | null }> {
  const { notCounted, responses } = opts;
  const { from, args } = countedResponses(study, stage, notCounted);
  const [{ rows }, given] = await Promise.all([
    client.query<{ participants: number; responses: number; untimed: number }>(
      // who answered: a probe per participant of the study for one counted answer (a thousand index
      // lookups), not the distinct participants of a million answers (a sort: 0.45 s); the untimed
      // answers, when the count is given, from the end of Response_durations_idx (nulls sort last)
      `SELECT (SELECT count(*)::int FROM "Participant" p WHERE p."studyId" = $1
                 AND EXISTS (SELECT 1 FROM "Response" r WHERE r."participantId" = p.id AND r."studyId" = $1 AND r.stage = $2 AND ${counted("r", "$1", notCounted)})) AS participants,
              ${responses ? `(SELECT count(*)::int ${from} AND r."durationMs" IS NULL) AS untimed` : `count(*)::int AS responses, count(*) FILTER (WHERE r."durationMs" IS NULL)::int AS untimed ${from}`}`,
      args,
    ),
    responses,
  ]);
  const totals = { participants: rows[0]!.participants, responses: given ?? rows[0]!.responses };
  return { ...totals, medianSeconds: await middleSeconds(client, from, args, totals.responses, rows[0]!.untimed) };
}

/** percentile_cont(0.5) of the counted answers' seconds, as MEDIAN_SECONDS has it. When every answer
 *  has its own duration, the values at ⌊(n − 1)/2⌋ and ⌈(n − 1)/2⌉ in duration order are read from
 *  Response_durations_idx (half a pass at 1M: 0.1 s, against 0.75 s for a sort of every answer) and
 *  taken between as PostgreSQL does (first + (second − first) × 0.5, then ÷ 1000: the same float8
 *  operations). An answer without one takes its lease's time, which no index orders: then the sort. */
async function middleSeconds(client: Queryable, from: string, args: unknown[], responses: number, untimed: number): Promise<number | null> {
  if (responses === 0) return null;
  if (untimed === 0) {
    const even = responses % 2 === 0;
    const { rows } = await client.query<{ ms: number }>(
      `SELECT r."durationMs"::float8 AS ms ${from} AND r."durationMs" IS NOT NULL ORDER BY r."durationMs" OFFSET $${args.length + 1} LIMIT ${even ? 2 : 1}`,
      [...args, Math.floor((responses - 1) / 2)],
    );
    const [first, second] = even ? [rows[0]?.ms, rows[1]?.ms] : [rows[0]?.ms, rows[0]?.ms];
    // fewer rows than counted: the count was read in another snapshot (not how readTotals is called); sort
    if (first !== undefined && second !== undefined) return (first + (second - first) * 0.5) / 1000;
  }
  const { rows } = await client.query<{ medianSeconds: number | null }>(`SELECT ${MEDIAN_SECONDS} AS "medianSeconds" ${from}`, args);
  return rows[0]?.medianSeconds ?? null;
}
