import type { Queryable } from "@/lib/db/queryable";
import { SNAPSHOT_WORK_MEM } from "@/lib/db/snapshot";
import { withTransaction } from "@/lib/db/tx";
import { counted } from "@/lib/designs/counted";
import { declaredFamilies, type VoteFamilies } from "@/lib/designs/types";
import { log } from "@/lib/log";
import type { Keeper } from "@/lib/studies/results";

// Agreement per check family over time, cumulative: at the end of each bucket, percent agreement
// and Krippendorff's α (nominal) over every valid answer given up to then, exactly as
// lib/metrics computes them for the agreement table (so the last point is the table's figure).
//
// Both are sums over items (an item is a unit × check) of terms that depend only on the item's state:
// its m answers and Σ, the sum over labels of (answers with that label)²:
//   percent agreement: mean over items with m ≥ 2 of (Σ − m) / (m(m − 1))  (agreeing pairs);
//   α: 1 − (n − 1) D / (n² − Σ_c n_c²), D = Σ over items with m ≥ 2 of (m² − Σ) / (m − 1),
//   n_c = answers with label c on items with m ≥ 2, n = Σ_c n_c (Krippendorff 2011).
// So the timeline needs, at each bucket's end, how many items of a family are in each state (m, Σ) and
// the marginals. Those are kept as changes per family and UTC hour (migration
// 20261128160000_agreement_timeline): an item whose answers changed in an hour leaves its old state and
// enters its new one (items with one answer too, so a check shows from its first answer). Summed up to a
// bucket's end (a day and a week are whole hours) they count the items in each state, integers, so the
// figures are exact whatever was folded when. Kept per family: a study's families are fixed once it has
// answers (its config is locked after the first response, lib/studies/spec.ts).
//
// The sums are brought up to date by the read, not by the submit: a unit whose tally (UnitTally,
// raised by every change to its counted answers) has another version than the one its cells were
// folded at has its cells as folded taken off the sums and its cells now put on. A fold runs in a
// transaction of its own, one per study at a time; the read then sees a snapshot in which a few
// units may have changed since, and adds their difference itself, the same way, without writing.
// At a million answers the first fold is one pass over five million checks; after it, a read groups
// a few hundred rows per hour and family.
//
// Keys and labels are only grouped and matched, never shown in order, so they compare as bytes
// (COLLATE "C"). Fleiss' κ is not drawn: it needs the same number of answers on every item, which a
// running study has only at its end (the table shows it).

export interface AgreementPoint {
  start: string;
  /** items (unit × check) with two or more answers so far */
  items: number;
  percentAgreement: number | null;
  krippendorffAlpha: number | null;
}

export interface AgreementSeries {
  check: string;
  label: string;
  points: AgreementPoint[];
}

// a check key's family ($2: the keys that are families of their own; $3: the pooled family, or null)
const FAMILY = `CASE WHEN key = ANY($2::text[]) THEN key ELSE $3::text END`;

// The units whose tally changed since their cells were folded, their cells now (side 1) and as folded
// (side −1), and what that changes in the sums: `state_change` (items entering (+) or leaving (−) a state
// per family and hour) and `marginal_change` (α's marginals). Each side is worked out the same way, from
// windows over its cells (unit × check × hour × label), so nothing is joined: per cell, its label's
// answers before the hour (`before`), and its item's m and Σ up to the end of the hour and before it
// (Σ grows by (c + n)² − c² = 2cn + n² per label). One cell per item and hour (its last) carries the
// item's move from one state to the next. α's marginals count an item's answers once it has two: a cell
// adds its answers when its item has two by the end of the hour, and its label's earlier answers when the
// item reaches two in that hour; an earlier answer whose label is not answered again in the hour (the one
// answer of an item that had one) is added by the item's last cell.

const changes = ({ stale, many, notCounted }: { stale: string; many: boolean; notCounted?: readonly string[] }) => `
stale AS (${stale}), now_cell AS (
  SELECT r."unitId" AS unit, kv.key COLLATE "C" AS key, date_trunc('hour', r."submittedAt" AT TIME ZONE 'UTC') AS hour, kv.value COLLATE "C" AS label, count(*)::int AS n
  FROM "Response" r
  CROSS JOIN LATERAL jsonb_each_text(CASE WHEN jsonb_typeof(r.payload->'answers') = 'object' THEN r.payload->'answers' ELSE '{}'::jsonb END) kv
  WHERE r."studyId" = $1 AND ${many ? `r."unitId" IN (SELECT unit FROM stale)` : `r."assignmentId" IN (SELECT a.id FROM "Assignment" a WHERE a."unitId" IN (SELECT unit FROM stale))`}
    AND ${counted("r", "$1", notCounted)}
  GROUP BY 1, 2, 3, 4
), cell AS (
  SELECT 1 AS side, unit, key, hour, label, n FROM now_cell
  UNION ALL
  SELECT -1, c."unitId", x.key COLLATE "C", to_timestamp(x.hour::bigint * 3600) AT TIME ZONE 'UTC', x.label COLLATE "C", x.n
  FROM "AgreementCells" c JOIN stale ON stale.unit = c."unitId" CROSS JOIN unnest(c.keys, c.hours, c.labels, c.answers) AS x(key, hour, label, n)
), labelled AS (
  SELECT *, coalesce(sum(n) OVER (PARTITION BY side, unit, key, label ORDER BY hour ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint AS before FROM cell
), item AS (
  SELECT side, key, hour, label, n, before,
    (sum(n) OVER upto)::bigint AS m, coalesce(sum(n) OVER earlier, 0)::bigint AS m0,
    (sum(2 * before * n + n * n) OVER upto)::bigint AS s, coalesce(sum(2 * before * n + n * n) OVER earlier, 0)::bigint AS s0,
    (sum(before) OVER same_hour)::bigint AS carried,
    first_value(label) OVER upto AS first_label,
    lead(hour) OVER by_label IS DISTINCT FROM hour AS last
  FROM labelled
  WINDOW by_hour AS (PARTITION BY side, unit, key ORDER BY hour),
    upto AS (by_hour RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW),
    earlier AS (by_hour RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE GROUP),
    same_hour AS (by_hour RANGE BETWEEN CURRENT ROW AND CURRENT ROW),
    by_label AS (PARTITION BY side, unit, key ORDER BY hour, label)
), state_change AS (
  SELECT ${FAMILY} AS family, hour, m::int, s::int, sum(d)::int AS d FROM (
    SELECT key, hour, m, s, side AS d FROM item WHERE last
    UNION ALL
    SELECT key, hour, m0, s0, -side FROM item WHERE last AND m0 >= 1
  ) x WHERE ${FAMILY} IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
), marginal_change AS (
  SELECT ${FAMILY} AS family, hour, label, sum(d)::int AS d FROM (
    SELECT key, hour, label, side * (before + n - CASE WHEN m0 >= 2 THEN before ELSE 0 END) AS d FROM item WHERE m >= 2
    UNION ALL
    SELECT key, hour, first_label, side FROM item WHERE last AND m >= 2 AND m0 = 1 AND carried = 0
  ) x WHERE ${FAMILY} IS NOT NULL GROUP BY 1, 2, 3 HAVING sum(d) <> 0
)`;

// Units whose cells were folded at another version of their tally than it has now (or never).
const STALE = `SELECT t."unitId" AS unit, t.version FROM "UnitTally" t LEFT JOIN "AgreementCells" c ON c."unitId" = t."unitId"
  WHERE t."studyId" = $1 AND c.version IS DISTINCT FROM t.version`;

// Past this many stale units, their answers are found by a pass over the study's answers rather than through
// each unit's assignments (an index lookup per unit).
const MANY = 2000;

// The stale units ($4, their versions $5) found by the fold's first statement. Their answers and their
// cells as folded are read in this one, after the lock, so what comes off the sums is what went on. A unit
// changed in between is folded as it is now with the version it had: the next fold takes it again.
const fold = (many: boolean) => `
WITH ${changes({ stale: `SELECT * FROM unnest($4::uuid[], $5::bigint[]) AS s(unit, version)`, many })}, states AS (
  INSERT INTO "AgreementState" AS g ("studyId", family, hour, m, s, items) SELECT $1, family, hour, m, s, d FROM state_change
  ON CONFLICT ("studyId", family, hour, m, s) DO UPDATE SET items = g.items + EXCLUDED.items
), marginals AS (
  INSERT INTO "AgreementMarginal" AS g ("studyId", family, hour, label, answers) SELECT $1, family, hour, label, d FROM marginal_change
  ON CONFLICT ("studyId", family, hour, label) DO UPDATE SET answers = g.answers + EXCLUDED.answers
), kept AS (
  INSERT INTO "AgreementCells" ("unitId", "studyId", version, keys, hours, labels, answers)
  SELECT stale.unit, $1, stale.version, coalesce(n.keys, '{}'), coalesce(n.hours, '{}'), coalesce(n.labels, '{}'), coalesce(n.answers, '{}')
  FROM stale LEFT JOIN (
    SELECT unit, array_agg(key) AS keys, array_agg((extract(epoch FROM hour) / 3600)::int) AS hours, array_agg(label) AS labels, array_agg(n) AS answers
    FROM now_cell GROUP BY 1
  ) n ON n.unit = stale.unit
  ON CONFLICT ("unitId") DO UPDATE SET version = EXCLUDED.version, keys = EXCLUDED.keys, hours = EXCLUDED.hours, labels = EXCLUDED.labels, answers = EXCLUDED.answers
)
SELECT 1`;

// A page's read folds at most this many answers before its response; past it, the fold is handed over
// to run after the response (the first fold of a million answers took 9 s of PostgreSQL,
// docs/benchmarks.md), and the page shows that agreement over time is being worked out.
export const FOLD_NOW_MAX = 20_000;

export interface FoldOptions {
  /** past this many stale units, their answers are found by one pass over the study's (a test lowers it) */
  many?: number;
  /** a page's read: a fold of more than `nowMax` answers is handed to this (Next's after) instead */
  later?: Keeper;
  nowMax?: number;
  /** fold only if no other fold of the study is running (a handed fold: the running one does the work) */
  ifFree?: boolean;
}

// the stale units' counted answers (what a fold reads), and how many units
const STALE_ANSWERS = `SELECT count(*)::int AS units, coalesce(sum(t.responses), 0)::int AS answers FROM "UnitTally" t
  LEFT JOIN "AgreementCells" c ON c."unitId" = t."unitId" WHERE t."studyId" = $1 AND c.version IS DISTINCT FROM t.version`;

const LOCK = `hashtextextended('agreement-timeline:' || $1, 0)`;

/** Brings the study's kept sums up to date; how many units it folded, or "later" when a page's read
 *  handed a large fold over (FoldOptions.later). One fold per study at a time (an advisory lock), so
 *  each unit's cells come off the sums exactly as they went on. */
export async function foldAgreement(studyId: string, families: VoteFamilies, opts: FoldOptions = {}): Promise<number | "later"> {
  const { many = MANY, later, nowMax = FOLD_NOW_MAX, ifFree = false } = opts;
  const done = await withTransaction(async (client): Promise<number | "hand over"> => {
    const { rows } = await client.query<{ free: boolean }>(`SELECT pg_try_advisory_xact_lock(${LOCK}) AS free`, [studyId]);
    const free = rows[0]!.free;
    if (!free && ifFree) return 0;
    if (later) {
      // counted before waiting for a running fold: a large one's units are still stale in this snapshot
      const { rows: stale } = await client.query<{ units: number; answers: number }>(STALE_ANSWERS, [studyId]);
      if (stale[0]!.units === 0) return 0;
      if (stale[0]!.answers > nowMax) return "hand over";
    }
    if (!free) await client.query(`SELECT pg_advisory_xact_lock(${LOCK})`, [studyId]);
    // the first fold of a large study groups millions of checks (lib/db/snapshot.ts for why this much;
    // an incremental sort of them took twice as long as a hash aggregate: docs/benchmarks.md)
    await client.query(`SET LOCAL work_mem = '${SNAPSHOT_WORK_MEM}'`);
    await client.query(`SET LOCAL enable_incremental_sort = off`);
    const { rows: stale } = await client.query<{ unit: string; version: string }>(STALE, [studyId]);
    if (stale.length === 0) return 0;
    await client.query(fold(stale.length > many), [studyId, ...familyParams(families), stale.map((u) => u.unit), stale.map((u) => u.version)]);
    return stale.length;
  });
  if (done !== "hand over") return done;
  // handed over once this transaction has let the lock go; if another fold is running by then, it does the
  // work. A failure is logged, like every kept write's: the next read folds those units again.
  let folded = 0;
  const handed = later!(async () => {
    try {
      folded = (await foldAgreement(studyId, families, { many, ifFree: true })) as number;
    } catch (err) {
      log.warn("the agreement timeline's sums were not folded", { studyId, err });
    }
  });
  if (!handed) return "later";
  // a keeper that ran it at once (outside a request) leaves nothing for later
  await handed;
  return folded;
}

function familyParams(families: VoteFamilies): [string[], string | null] {
  return [families.own.map((f) => f.key), families.pooled?.key ?? null];
}

interface SumRow {
  start: Date;
  family: string;
  m: number | null;
  s: number | null;
  label: string | null;
  d: number;
}

// the kept sums and what changed since, per bucket: item states (label null) and marginals (m, s null)
const read = (notCounted?: readonly string[]) => `
WITH ${changes({ stale: STALE, many: false, notCounted })}
SELECT date_trunc($4, hour) AT TIME ZONE 'UTC' AS start, family, m, s, NULL::text AS label, sum(d)::int AS d FROM (
  SELECT family, hour, m, s, items AS d FROM "AgreementState" WHERE "studyId" = $1
  UNION ALL
  SELECT family, hour, m, s, d FROM state_change
) x GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
UNION ALL
SELECT date_trunc($4, hour) AT TIME ZONE 'UTC', family, NULL, NULL, label, sum(d)::int FROM (
  SELECT family, hour, label COLLATE "C" AS label, answers AS d FROM "AgreementMarginal" WHERE "studyId" = $1
  UNION ALL
  SELECT family, hour, label, d FROM marginal_change
) x GROUP BY 1, 2, 5 HAVING sum(d) <> 0
ORDER BY 1`;

/** Items per state (m answers, Σ) and the marginals of one family, up to some bucket's end. */
interface Running {
  states: Map<string, { m: number; s: number; items: number }>;
  marginals: Map<string, number>;
}

function figures(r: Running): Omit<AgreementPoint, "start"> {
  let items = 0;
  let agree = 0;
  let observed = 0;
  for (const { m, s, items: k } of r.states.values()) {
    // an item with one answer has no pair yet; it is kept so a check shows from its first answer
    if (k === 0 || m < 2) continue;
    items += k;
    agree += (k * (s - m)) / (m * (m - 1));
    observed += (k * (m * m - s)) / (m - 1);
  }
  if (items === 0) return { items, percentAgreement: null, krippendorffAlpha: null };
  let n = 0;
  let squares = 0;
  let used = 0;
  for (const x of r.marginals.values()) {
    n += x;
    squares += x * x;
    if (x > 0) used++;
  }
  const krippendorffAlpha = n === 0 || used < 2 ? null : 1 - ((n - 1) * observed) / (n * n - squares);
  return { items, percentAgreement: agree / items, krippendorffAlpha };
}

export async function agreementTimeline(client: Queryable, studyId: string, bucket: string, families: VoteFamilies, notCounted?: readonly string[]): Promise<AgreementSeries[]> {
  const { rows } = await client.query<SumRow>(read(notCounted), [studyId, ...familyParams(families), bucket]);
  if (rows.length === 0) return [];
  const step = bucket === "week" ? 7 * 86_400_000 : bucket === "day" ? 86_400_000 : 3_600_000;
  const byStart = new Map<number, SumRow[]>();
  for (const r of rows) {
    const at = byStart.get(r.start.getTime());
    if (at) at.push(r);
    else byStart.set(r.start.getTime(), [r]);
  }
  const starts = [...byStart.keys()];

  const present = new Set(rows.map((r) => r.family));
  const declared = declaredFamilies(families).filter((f) => present.has(f.key));
  const running = new Map(declared.map((f) => [f.key, { states: new Map(), marginals: new Map() } as Running]));
  const series = new Map(declared.map((f) => [f.key, [] as AgreementPoint[]]));
  // date_trunc's buckets are whole hours, days or (Monday) weeks in UTC, so stepping by a fixed length lands on each
  for (let t = Math.min(...starts), last = Math.max(...starts); t <= last; t += step) {
    for (const r of byStart.get(t) ?? []) {
      const acc = running.get(r.family);
      if (!acc) continue;
      if (r.label === null) {
        const id = `${r.m},${r.s}`;
        const state = acc.states.get(id) ?? { m: r.m!, s: r.s!, items: 0 };
        state.items += r.d;
        acc.states.set(id, state);
      } else {
        acc.marginals.set(r.label, (acc.marginals.get(r.label) ?? 0) + r.d);
      }
    }
    const start = new Date(t).toISOString();
    for (const [key, acc] of running) series.get(key)!.push({ start, ...figures(acc) });
  }
  return declared.map((f) => ({ check: f.key, label: f.label, points: series.get(f.key)! }));
}
