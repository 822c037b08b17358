import { z } from "zod";
import { counted } from "@/lib/designs/counted";
import { MEDIAN_SECONDS } from "@/lib/designs/read";
import type { Queryable } from "@/lib/db/queryable";
import { designOf, type AdjudicationItem, type DesignResults, type Study, type UnitStatus, type VoteUnit } from "@/lib/designs";
import type { DecidedTable, ParticipantFigures, ReadCtx } from "@/lib/designs/types";
import { pageOf } from "@/lib/studies/paging";
import { atOneMoment, studyResults, type Keeper } from "@/lib/studies/results";

// The study's big tables, a page at a time: units (with their decisions) and participants. Only
// the page's rows leave the server; sorting and filtering happen before the page is cut.

export const UNIT_STATUSES = ["keep", "reject", "needs_review", "incomplete"] as const satisfies readonly UnitStatus[];
export const MAX_PAGE_SIZE = 200;

const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  order: z.enum(["asc", "desc"]).default("asc"),
};

export const unitsQuery = z.object({
  ...paging,
  sort: z.enum(["ordinal", "title", "submitted", "status"]).default("ordinal"),
  status: z.enum(UNIT_STATUSES).optional(),
  /** only units with a tied check */
  ties: z.enum(["0", "1"]).optional(),
});
export type UnitsQuery = z.infer<typeof unitsQuery>;

export const participantsQuery = z.object({
  ...paging,
  sort: z.enum(["units", "pseudonym", "externalId", "medianSeconds"]).default("units"),
  order: z.enum(["asc", "desc"]).default("desc"),
});
export type ParticipantsQuery = z.infer<typeof participantsQuery>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ParticipantRow extends ParticipantFigures {
  participantId: string;
  pseudonym: string;
  externalId: string | null;
  units: number;
  medianSeconds: number | null;
}

const STATUS_RANK: Record<UnitStatus, number> = { needs_review: 0, reject: 1, keep: 2, incomplete: 3 };

type Names = Required<Pick<DesignResults, "voteColumns" | "itemColumn" | "reasonLabels">>;

export interface UnitsTable {
  page: Page<VoteUnit>;
  /** units per decision, over the whole table */
  decisions: Record<UnitStatus, number>;
  names: Names;
}

/** A page of the units table (designs that decide on units; others have none). */
export async function unitsPage(study: Study, query: UnitsQuery, results?: DesignResults, keep?: Keeper): Promise<Page<VoteUnit>> {
  return (await unitsTable(study, query, results, keep)).page;
}

/** `fn` on the design's kept decisions, read in one snapshot; what the read worked out is kept once the
 *  snapshot is over. Null when the design keeps none or cannot tell (then the whole results can). */
export async function withDecided<T>(study: Study, fn: (table: DecidedTable) => Promise<T>, keep?: Keeper): Promise<T | null> {
  const design = designOf(study.design);
  if (!design.decided) return null;
  return atOneMoment(
    study,
    async (ctx) => {
      const { table, after } = await design.decided!(ctx);
      ctx.later!(after);
      return table ? fn(table) : null;
    },
    { width: 3, keep },
  );
}

/** A page of the units table, with the decisions over all units and the table's column names. From the
 *  design's kept decisions when it keeps them (read in one snapshot), else from the whole results. */
export async function unitsTable(study: Study, query: UnitsQuery, results?: DesignResults, keep?: Keeper): Promise<UnitsTable> {
  const design = designOf(study.design);
  // only designs that decide on units (those a researcher adjudicates) have a units table
  const decides = design.adjudicable !== undefined;
  if (decides && !results) {
    const table = await withDecided(study, async (decided): Promise<UnitsTable> => {
      const { items, total, decisions } = choose(decided.units, query, { status: (u) => u.status, tie: (u) => u.tie });
      return { page: { items: await decided.rows(items), total, page: query.page, pageSize: query.pageSize }, decisions, names: decided.names };
    }, keep);
    if (table) return table;
  }
  const all = decides ? (results ?? (await studyResults(study))) : null;
  const { items, total, decisions } = choose(all?.units ?? [], query, { status: (u) => u.decision.status, tie: (u) => Object.values(u.decision.checks).some((c) => c.tie) });
  return {
    page: { items, total, page: query.page, pageSize: query.pageSize },
    decisions,
    names: { voteColumns: all?.voteColumns ?? [], itemColumn: all?.itemColumn ?? null, reasonLabels: all?.reasonLabels ?? {} },
  };
}

type Sortable = Pick<VoteUnit, "ordinal" | "title" | "submitted">;

/** The query's page of units: filtered, sorted (ties by ordinal), cut; and the decisions over all of them. */
function choose<T extends Sortable>(all: readonly T[], query: UnitsQuery, of: { status(u: T): UnitStatus; tie(u: T): boolean }) {
  const decisions: Record<UnitStatus, number> = { incomplete: 0, keep: 0, reject: 0, needs_review: 0 };
  for (const u of all) decisions[of.status(u)]++;
  const chosen = all.filter((u) => (!query.status || of.status(u) === query.status) && (query.ties !== "1" || of.tie(u)));
  const key: (u: T) => number | string =
    query.sort === "title" ? (u) => u.title ?? "" : query.sort === "submitted" ? (u) => u.submitted : query.sort === "status" ? (u) => STATUS_RANK[of.status(u)] : (u) => u.ordinal;
  const sign = query.order === "desc" ? -1 : 1;
  chosen.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const c = typeof x === "string" ? x.localeCompare(y as string) : x - (y as number);
    return sign * c || a.ordinal - b.ordinal;
  });
  const from = (query.page - 1) * query.pageSize;
  return { items: chosen.slice(from, from + query.pageSize), total: chosen.length, decisions };
}

export interface QueuePage {
  /** the page's items, in the queue's order (ties first, then by ordinal) */
  items: AdjudicationItem[];
  /** the units of the page's items, and of those asked for (`also`), by id */
  units: Map<string, VoteUnit>;
  total: number;
  ties: number;
  page: number;
  pages: number;
}

/** A page of the adjudication queue (a page past the end shows the last), with the units `also` names (those
 *  the decision history shows). From the design's kept decisions when it keeps them (only those units
 *  decided again), else from the whole results. */
export async function adjudicationQueue(study: Study, requested: number, size: number, also: readonly string[] = [], keep?: Keeper): Promise<QueuePage> {
  const queue = await withDecided(study, async (table): Promise<QueuePage> => {
    let total = 0;
    let ties = 0;
    for (const u of table.units) {
      total += u.queued;
      ties += u.queuedTies;
    }
    const { page, pages } = pageOf(total, requested, size);
    const { items, units } = await table.queue((page - 1) * size, size);
    const shown = new Set(units.map((u) => u.unitId));
    const wanted = new Set(also);
    const others = await table.rows(table.units.filter((u) => wanted.has(u.unitId) && !shown.has(u.unitId)));
    return { items, units: new Map([...units, ...others].map((u) => [u.unitId, u])), total, ties, page, pages };
  }, keep);
  if (queue) return queue;
  const results = await studyResults(study);
  const all = results.queue ?? [];
  const { page, pages } = pageOf(all.length, requested, size);
  return {
    items: all.slice((page - 1) * size, page * size),
    units: new Map((results.units ?? []).map((u) => [u.unitId, u])),
    total: all.length,
    ties: all.filter((q) => q.reason === "tie").length,
    page,
    pages,
  };
}

const PARTICIPANT_SORT: Record<ParticipantsQuery["sort"], string> = {
  units: "units",
  pseudonym: "pseudonym",
  externalId: `"externalId"`,
  medianSeconds: `"medianSeconds"`,
};

/** A page of the participants table: counts and median times in SQL, the design's own figures for the
 *  page's rows, all read in one snapshot (lib/db/snapshot.ts) so that the rows and their figures agree. */
export function participantsPage(study: Study, query: ParticipantsQuery, keep?: Keeper): Promise<Page<ParticipantRow>> {
  return atOneMoment(study, (ctx) => readParticipantsPage(ctx, query), { keep });
}

async function readParticipantsPage(ctx: ReadCtx<unknown>, query: ParticipantsQuery): Promise<Page<ParticipantRow>> {
  const { study, client } = ctx;
  const notCounted = ctx.notCounted ?? [];
  const stage = Math.max(1, study.settings.stages.length);
  const direction = query.order === "desc" ? "DESC" : "ASC";
  // the final stage's valid answers, as every design's per-participant figures count them
  const { rows } = await client.query<Omit<ParticipantRow, keyof ParticipantFigures> & { total: number }>(
    // the medians as the results take them (in milliseconds, divided once: half the time of seconds)
    `WITH per AS (
       SELECT r."participantId", count(*)::int AS units, ${MEDIAN_SECONDS} AS "medianSeconds"
       FROM "Response" r WHERE r."studyId" = $1 AND r.stage = $2 AND ${counted("r", "$1", notCounted)} GROUP BY r."participantId"
     )
     SELECT per."participantId", p.pseudonym, p."externalId", per.units, per."medianSeconds", count(*) OVER ()::int AS total
     FROM per JOIN "Participant" p ON p.id = per."participantId"
     ORDER BY ${PARTICIPANT_SORT[query.sort]} ${direction} NULLS LAST, pseudonym ASC, per."participantId"
     LIMIT $3 OFFSET $4`,
    [study.id, stage, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const total = rows[0]?.total ?? (await countParticipants(client, study.id, stage, notCounted));
  const figures = await figuresOf(ctx, rows.map((r) => r.participantId));
  return {
    items: rows.map(({ total: _total, ...r }) => ({ ...r, ...figures.get(r.participantId) })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function countParticipants(client: Queryable, studyId: string, stage: number, notCounted: readonly string[]): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(DISTINCT r."participantId")::int AS n FROM "Response" r WHERE r."studyId" = $1 AND r.stage = $2 AND ${counted("r", "$1", notCounted)}`,
    [studyId, stage],
  );
  return rows[0]?.n ?? 0;
}

/** The design's per-participant figures (agreement, accuracy) for some participants, in a read's context
 *  (which may keep what it works out: ReadCtx.later). */
export async function figuresOf(ctx: ReadCtx<unknown>, ids: string[]): Promise<Map<string, ParticipantFigures>> {
  if (ids.length === 0) return new Map();
  const design = designOf(ctx.study.design);
  if (design.participantFigures) return design.participantFigures(ctx, ids);
  // expert designs (hundreds of answers): their full results hold the figures
  const results = await design.results(ctx);
  const wanted = new Set(ids);
  return new Map(
    results.participants
      .filter((p) => wanted.has(p.participantId))
      .map((p) => [p.participantId, { ...(p.agreementWithMajority !== undefined ? { agreementWithMajority: p.agreementWithMajority } : {}), ...(p.agreementUnits !== undefined ? { agreementUnits: p.agreementUnits } : {}) }]),
  );
}
