import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Queryable } from "@/lib/db/queryable";
import { log } from "@/lib/log";
import type { AdjudicationItem, ReadCtx, UnitStatus, VoteUnit } from "@/lib/designs/types";
import { addTallyPatterns, type CountPatterns } from "@/lib/designs/validation/agreement";
import type { Check } from "@/lib/designs/validation/checks";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import type { Adjudicated } from "@/lib/designs/validation/decide";
import { decideAlike, decideInputs, type Decidable, type Outcome, type UnitInputs } from "@/lib/designs/validation/decide-alike";
import { readCheckQuestions, readLlmJudgements } from "@/lib/designs/validation/inputs";
import { queueItems } from "@/lib/designs/validation/results";
import { selectValidatedRecords } from "@/lib/designs/validation/validated";

// The units' decisions under the majority rule, kept (UnitDecision) so that a page reads them instead of
// deciding 50,000 units again (2 s of JavaScript at a million answers). A kept decision is used only
// while what it was worked out from is still so: the unit's tally (kept by triggers as answers come and
// stop counting; its version is raised at each change), its number of adjudications (they are only ever
// added), and the study's rule (the epoch: N, the unit type, the config, the LLM judge's predictions).
// Every other unit is decided again, in the reader's snapshot, and written back after it; so what a page
// shows is always worked out from the answers it sees, and a page after a few new answers decides only
// their units.

// Raise when what a unit's decision is worked out from, or how, changes (aggregate.ts, decide.ts):
// every kept decision is then worked out again.
const RULES = 1;

export interface DecidedUnit {
  unitId: string;
  ordinal: number;
  title: string | null;
  submitted: number;
  live: number;
  status: UnitStatus;
  tie: boolean;
  queued: number;
  /** of the queued checks, those tied (the queue lists ties first) */
  queuedTies: number;
}

export interface Decided {
  units: DecidedUnit[];
  /** what this read worked out of the decisions not kept (or kept from other inputs) */
  fresh: Map<string, Outcome>;
  /** the inputs this read has of the units it worked out, for a page of them to be decided in full */
  read: Read | null;
  /** the count rows of every unit's tally, when this read decided every unit (none was kept) */
  patterns: CountPatterns | null;
  /** writes the fresh decisions for later reads, with a client outside the read's snapshot (a read-only
   *  transaction) */
  keep(client: Queryable): Promise<void>;
}

interface Row extends Omit<DecidedUnit, "status"> {
  status: UnitStatus | null;
  kept: boolean;
}

interface Inputs extends UnitInputs {
  /** the tally's version (a bigint, as text) */
  version: string;
}

type Read = Decidable & { inputs: Inputs[] };

/** What every kept decision of the study must have been worked out under. */
async function epochOf({ client, study }: ReadCtx<ValidationConfig>): Promise<string> {
  const model = study.config.rule.llmJudge?.model ?? null;
  const llm = model
    ? (
        await client.query<{ digest: string | null }>(
          `SELECT md5(string_agg(m."questionId"::text || '|' || m.view || '|' || m.answer::text, ',' ORDER BY m."questionId", m.view)) AS digest
           FROM "ModelPrediction" m JOIN "Question" q ON q.id = m."questionId" WHERE q."datasetId" = $1 AND m.model = $2`,
          [study.datasetId, model],
        )
      ).rows[0]?.digest
    : null;
  const of = { rules: RULES, n: study.n, unitType: study.unitType, config: study.config, llm };
  return createHash("sha256").update(JSON.stringify(of)).digest("hex");
}

// every unit of the study with its kept decision, and whether that still holds ($2: the epoch)
const UNITS = `SELECT u.id AS "unitId", u.ordinal, c.title, coalesce(t.responses, 0) AS submitted, coalesce(l.n, 0) AS live, d.status, d.tie, d.queued, d."queuedTies",
            coalesce(d.epoch = $2 AND d.version = coalesce(t.version, 0) AND d.adjudications = coalesce(j.n, 0), false) AS kept
     FROM "StudyUnit" u JOIN "Context" c ON c.id = u."contextId"
     LEFT JOIN "UnitTally" t ON t."unitId" = u.id
     LEFT JOIN "UnitDecision" d ON d."unitId" = u.id
     LEFT JOIN (SELECT "unitId", count(*)::int AS n FROM "Adjudication" WHERE "studyId" = $1 GROUP BY 1) j ON j."unitId" = u.id
     LEFT JOIN (SELECT "unitId", count(*)::int AS n FROM "Assignment" WHERE "studyId" = $1 AND status = 'live' AND "expiresAt" > now() GROUP BY 1) l ON l."unitId" = u.id
     WHERE u."studyId" = $1`;

/** What a read of the decisions starts from: the epoch, and when no decision of the study is kept under
 *  it (its first read, answers written straight into PostgreSQL, the rule changed), every unit's inputs,
 *  being read already: every unit is decided again, so they are read while the units are, instead of
 *  after (at 1M answers the two reads are 0.25 s each). */
export interface DecisionsStart {
  epoch: string;
  early: Promise<Read> | null;
}

export async function startDecisions(ctx: ReadCtx<ValidationConfig>): Promise<DecisionsStart> {
  const epoch = await epochOf(ctx);
  const { rows } = await ctx.client.query<{ kept: boolean }>(`SELECT EXISTS (SELECT 1 FROM "UnitDecision" WHERE "studyId" = $1 AND epoch = $2) AS kept`, [ctx.study.id, epoch]);
  if (rows[0]!.kept) return { epoch, early: null };
  const early = readInputs(ctx, null);
  early.catch(() => {}); // awaited by decideStale; a failure of the units' read first must not leave it unhandled
  return { epoch, early };
}

/** Every unit of the study with its decision's status, in ordinal order; the decisions not kept are worked out. */
export async function readDecided(ctx: ReadCtx<ValidationConfig>, start?: DecisionsStart): Promise<Decided> {
  const { epoch, early } = start ?? (await startDecisions(ctx));
  const { rows } = await ctx.client.query<Row>(`${UNITS} ORDER BY u.ordinal`, [ctx.study.id, epoch]);
  return decideStale(ctx, epoch, rows, rows.length, early);
}

/** What the summary counts of the units' decisions, as readDecided has them: the kept ones counted in
 *  PostgreSQL, alike ones (answers, live leases, status, queued checks) as one row with `units` the
 *  number they stand for; the units not kept come one by one and are worked out. `live` is only 0 or 1
 *  here (whether a lease is live: all the progress asks). At 1M answers, 0.1 s against 0.25–0.35 s for
 *  sending 50,000 rows. */
export async function readDecidedCounts(
  ctx: ReadCtx<ValidationConfig>,
  start?: DecisionsStart,
): Promise<{ units: (DecidedUnit & { units: number })[]; keep: Decided["keep"]; patterns: Decided["patterns"] }> {
  const { epoch, early } = start ?? (await startDecisions(ctx));
  const { rows } = await ctx.client.query<Row & { units: number }>(
    `SELECT CASE WHEN x.kept THEN NULL ELSE x."unitId" END AS "unitId", min(x.ordinal) AS ordinal, min(x.title) AS title, x.submitted, least(x.live, 1) AS live,
            x.status, x.tie, x.queued, x."queuedTies", x.kept, count(*)::int AS units
     FROM (${UNITS}) x GROUP BY CASE WHEN x.kept THEN NULL ELSE x."unitId" END, x.submitted, least(x.live, 1), x.status, x.tie, x.queued, x."queuedTies", x.kept`,
    [ctx.study.id, epoch],
  );
  const total = rows.reduce((n, r) => n + r.units, 0);
  const { units, keep, patterns } = await decideStale(ctx, epoch, rows, total, early);
  return { units: units.map((u, i) => ({ ...u, units: rows[i]!.units })), keep, patterns };
}

/** The rows' units whose kept decisions no longer hold, worked out again; `total`: the study's units;
 *  `early`: every unit's inputs, read already (startDecisions). */
async function decideStale(ctx: ReadCtx<ValidationConfig>, epoch: string, rows: Row[], total: number, early: Promise<Read> | null): Promise<Decided> {
  const { study } = ctx;
  const stale = rows.filter((r) => !r.kept).map((r) => r.unitId);
  // stale units that are a good part of the study: its units are read whole and the others left out here
  // (50,000 ids sent back cost a query 0.6–1.4 s more than reading the study's rows)
  const all = early ? await early : stale.length > total / 4 ? await readInputs(ctx, null) : null;
  const read = stale.length ? (all ? only(all, stale) : await readInputs(ctx, stale)) : null;
  const inputs = read?.inputs ?? [];
  // every unit's tally passes through its decision: the count rows the summary reads come with them
  const patterns: CountPatterns | null = all && (read === all || all.inputs.length === 0) ? new Map() : null;
  const tallies = patterns ? (votes: string, units: number) => addTallyPatterns(patterns, votes, units) : undefined;
  const outcomes = read ? await decideAlike(study, inputs, read, { each: () => nextTurn(), every: TURN_EVERY_UNITS, tallies }) : new Map<string, Outcome>();
  const units = rows.map(({ kept: _kept, ...r }): DecidedUnit => {
    const o = outcomes.get(r.unitId);
    return o ? { ...r, status: o.status, tie: o.tie, queued: o.queued, queuedTies: o.queuedTies } : (r as DecidedUnit);
  });
  return {
    units,
    fresh: outcomes,
    read,
    patterns,
    keep: (writer) => keepDecisions(writer, study.id, epoch, inputs, outcomes),
  };
}

const TURN_EVERY_UNITS = 2_000;

/** What these units' decisions are worked out from (the same inputs as the results'), or every unit's
 *  (`null`). The tallies come as text: alike units are decided once (decide-alike.ts), and only those
 *  decided are parsed. */
async function readInputs(ctx: ReadCtx<ValidationConfig>, scope: string[] | null): Promise<Read> {
  const { client, study } = ctx;
  const [units, adjudicated, llm, questions] = await Promise.all([
    client.query<Inputs>(
      `SELECT u.id AS "unitId", u."questionIds", coalesce(t.responses, 0) AS responses, coalesce(t.votes, '{}')::text AS votes, coalesce(t.version, 0)::text AS version,
              coalesce(j.n, 0) AS adjudications
       FROM "StudyUnit" u LEFT JOIN "UnitTally" t ON t."unitId" = u.id
       LEFT JOIN (SELECT "unitId", count(*)::int AS n FROM "Adjudication" WHERE "studyId" = $1 GROUP BY 1) j ON j."unitId" = u.id
       WHERE u."studyId" = $1 AND ($2::uuid[] IS NULL OR u.id = ANY($2::uuid[]))`,
      [study.id, scope],
    ),
    readAdjudicated(client, study.id, scope),
    readLlmJudgements(client, study),
    readCheckQuestions(client, study, scope ?? undefined),
  ]);
  return { inputs: units.rows, adjudicated, llm, questions };
}

/** The read's inputs of these units only (some of the study's units, read in the same snapshot). */
function only(read: Read, ids: string[]): Read {
  if (read.inputs.length === ids.length) return read; // as many as the study has: all of them
  const wanted = new Set(ids);
  return { ...read, inputs: read.inputs.filter((u) => wanted.has(u.unitId)) };
}

/** The newest adjudication of each check of the study's units, or of these. */
async function readAdjudicated(client: Queryable, studyId: string, unitIds: string[] | null): Promise<Map<string, Adjudicated>> {
  const { rows } = await client.query<{ unitId: string; check: string; decision: string }>(
    `SELECT "unitId", "check", decision FROM "Adjudication" WHERE "studyId" = $1 AND ($2::uuid[] IS NULL OR "unitId" = ANY($2::uuid[])) ORDER BY "createdAt", id`,
    [studyId, unitIds],
  );
  const out = new Map<string, Adjudicated>();
  for (const a of rows) {
    const perUnit = out.get(a.unitId) ?? {};
    perUnit[a.check] = { decision: a.decision }; // newest wins
    out.set(a.unitId, perUnit);
  }
  return out;
}

const KEEP_BATCH = 5_000;

/** Writes decisions with the inputs they were worked out from. A later read checks those inputs, so a
 *  row written late (its unit's tally moved on meanwhile) is only ever worked out again, never used.
 *  Rows go in unit id order, so two reads writing the same units wait for each other instead of
 *  deadlocking; a write that fails anyway is logged, not thrown: the read's figures stand, and the next
 *  read works those decisions out again. */
async function keepDecisions(client: Queryable, studyId: string, epoch: string, inputs: Inputs[], outcomes: Map<string, Outcome>): Promise<void> {
  try {
    await writeDecisions(client, studyId, epoch, [...inputs].sort((a, b) => (a.unitId < b.unitId ? -1 : 1)), outcomes);
  } catch (err) {
    log.warn("kept decisions were not written", { studyId, units: inputs.length, err });
  }
}

async function writeDecisions(client: Queryable, studyId: string, epoch: string, inputs: Inputs[], outcomes: Map<string, Outcome>): Promise<void> {
  for (let i = 0; i < inputs.length; i += KEEP_BATCH) {
    const batch = inputs.slice(i, i + KEEP_BATCH).map((u) => {
      const { status, tie, queued, queuedTies, rejected } = outcomes.get(u.unitId)!;
      return { unitId: u.unitId, version: u.version, adjudications: u.adjudications, status, tie, queued, queuedTies, rejected };
    });
    await client.query(
      `INSERT INTO "UnitDecision" ("unitId", "studyId", epoch, version, adjudications, status, tie, queued, "queuedTies", rejected)
       SELECT x."unitId", $1, $2, x.version, x.adjudications, x.status, x.tie, x.queued, x."queuedTies", x.rejected
       FROM json_to_recordset($3::json) AS x("unitId" uuid, version bigint, adjudications int, status text, tie boolean, queued int, "queuedTies" int, rejected uuid[])
       ON CONFLICT ("unitId") DO UPDATE SET epoch = EXCLUDED.epoch, version = EXCLUDED.version,
         adjudications = EXCLUDED.adjudications, status = EXCLUDED.status, tie = EXCLUDED.tie, queued = EXCLUDED.queued, "queuedTies" = EXCLUDED."queuedTies", rejected = EXCLUDED.rejected`,
      [studyId, epoch, JSON.stringify(batch)],
    );
  }
}

/** A page of the units table: the rows' decisions and checks, as the results give them. Only their status
 *  is kept; a page's few decisions are worked out again in full from the same inputs (the read's snapshot):
 *  those the read has already, the others read now. */
export async function unitRows(ctx: ReadCtx<ValidationConfig>, decided: Decided, units: DecidedUnit[]): Promise<VoteUnit[]> {
  const had = new Map((decided.read?.inputs ?? []).map((u) => [u.unitId, u]));
  const missing = units.map((u) => u.unitId).filter((id) => !had.has(id));
  const more = missing.length ? await readInputs(ctx, missing) : null;
  const read = new Map(more?.inputs.map((u) => [u.unitId, u]));
  return units.map((u) => {
    const own = had.get(u.unitId);
    const { decision, checks } = own ? decideInputs(ctx.study, own, decided.read!) : decideInputs(ctx.study, read.get(u.unitId)!, more!);
    return { unitId: u.unitId, ordinal: u.ordinal, title: u.title, submitted: u.submitted, live: u.live, checks, decision };
  });
}

/** How many source records the validated dataset would hold: only the kept units' rejected questions are
 *  read (any other status drops the records it covers, whatever its rejected questions). */
export async function keptRecords(ctx: ReadCtx<ValidationConfig>, decided: Decided): Promise<number> {
  const keep = decided.units.filter((u) => u.status === "keep").map((u) => u.unitId);
  if (keep.length === 0) return 0;
  // the kept rows that reject questions (few); a unit decided again by this read goes by its new decision
  const { rows } = await ctx.client.query<{ unitId: string; rejected: string[] }>(
    `SELECT "unitId", rejected FROM "UnitDecision" WHERE "studyId" = $1 AND cardinality(rejected) > 0`,
    [ctx.study.id],
  );
  const rejected = new Map(rows.map((r) => [r.unitId, r.rejected]));
  for (const [id, o] of decided.fresh) rejected.set(id, o.rejected);
  const units = decided.units.map((u) => ({ unitId: u.unitId, decision: { status: u.status, rejectedQuestions: rejected.get(u.unitId) ?? [] } }));
  return (await selectValidatedRecords(ctx, { units })).kept.length;
}

/** A page of the adjudication queue (ties first, then disagreements, each by ordinal, as the results list
 *  it): the kept counts say which units hold the page's items, and only those are worked out again. */
export async function queuePage(ctx: ReadCtx<ValidationConfig>, decided: Decided, from: number, size: number): Promise<{ items: AdjudicationItem[]; units: VoteUnit[] }> {
  const ties = decided.units.filter((u) => u.queuedTies > 0).map((u) => ({ unit: u, n: u.queuedTies, reason: "tie" as const }));
  const splits = decided.units.filter((u) => u.queued > u.queuedTies).map((u) => ({ unit: u, n: u.queued - u.queuedTies, reason: "disagreement" as const }));
  // the stretch of each unit's items that falls on the page, in the queue's order
  const wanted: { unit: DecidedUnit; reason: "tie" | "disagreement"; skip: number; take: number }[] = [];
  let at = 0;
  for (const part of [...ties, ...splits]) {
    const start = Math.max(from, at);
    const end = Math.min(from + size, at + part.n);
    if (start < end) wanted.push({ unit: part.unit, reason: part.reason, skip: start - at, take: end - start });
    at += part.n;
    if (at >= from + size) break;
  }
  const rows = await unitRows(ctx, decided, [...new Map(wanted.map((w) => [w.unit.unitId, w.unit])).values()]);
  const byId = new Map(rows.map((u) => [u.unitId, u]));
  const items = wanted.flatMap((w) => {
    const unit = byId.get(w.unit.unitId)!;
    return queueItems(ctx.study.n, { ...unit, checks: unit.checks as Check[] })
      .filter((q) => q.reason === w.reason)
      .slice(w.skip, w.skip + w.take);
  });
  return { items, units: rows };
}
