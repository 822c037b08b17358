import type { Queryable } from "@/lib/db/queryable";
import { counted } from "@/lib/designs/counted";
import { declaredFamilies, type VoteFamilies } from "@/lib/designs/types";

// Agreement per check family over time, cumulative: at the end of each bucket, percent agreement
// and Krippendorff's α (nominal) over every valid answer given up to then, exactly as
// lib/metrics computes them for the agreement table (so the last point is the table's figure).
// Both are sums over items (an item is a unit × check), which lets PostgreSQL do the work: for
// each bucket and item whose answers changed it computes how the item's terms changed, and sums
// those per bucket and family. Only the running sums reach Node, one row per bucket and family
// (and per label, for α's marginals), never an answer.
//
// With m answers on an item and Σ the sum over labels of (answers with that label)²:
//   percent agreement: mean over items with m ≥ 2 of (Σ − m) / (m(m − 1))  (agreeing pairs);
//   α: 1 − (n − 1) D / (n² − Σ_c n_c²), D = Σ over items with m ≥ 2 of (m² − Σ) / (m − 1),
//   n_c = answers with label c on items with m ≥ 2, n = Σ_c n_c (Krippendorff 2011).
// An item is a pair of columns (the unit, the check's key): joined into one text per answer, a
// million answers' checks were five million strings built and hashed (docs/benchmarks.md).
// Keys and labels are only grouped and matched, never shown in order, so they compare as bytes
// (COLLATE "C"), the cheapest order for the sorts of a million answers' checks. The family follows
// from the key, so it is worked out per group, not per answer.
// Fleiss' κ is not drawn: it needs the same number of answers on every item, which a running
// study has only at its end (the table shows it).

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

interface StepRow {
  start: Date;
  family: string;
  label: string | null;
  dAgree: number | null;
  dItems: number | null;
  dObserved: number | null;
  dMarginal: number | null;
}

const sql = (notCounted?: readonly string[]) => `
WITH ratings AS (
  SELECT date_trunc($2, r."submittedAt" AT TIME ZONE 'UTC') AS start, r."unitId" AS unit, kv.key COLLATE "C" AS key, kv.value COLLATE "C" AS label
  FROM "Response" r
  CROSS JOIN LATERAL jsonb_each_text(CASE WHEN jsonb_typeof(r.payload->'answers') = 'object' THEN r.payload->'answers' ELSE '{}'::jsonb END) kv
  WHERE r."studyId" = $1 AND ${counted("r", "$1", notCounted)}
), cell AS (
  SELECT * FROM (
    SELECT start, CASE WHEN key = ANY($3::text[]) THEN key ELSE $4::text END AS family, unit, key, label, n
    FROM (SELECT start, unit, key, label, count(*)::bigint AS n FROM ratings GROUP BY 1, 2, 3, 4) g
  ) f WHERE family IS NOT NULL
), cell_before AS (
  SELECT *, coalesce(sum(n) OVER (PARTITION BY unit, key, label ORDER BY start ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint AS before FROM cell
), item_step AS (
  SELECT start, family, unit, key, sum(n)::bigint AS dm, sum(2 * before * n + n * n)::bigint AS ds FROM cell_before GROUP BY 1, 2, 3, 4
), item_state AS (
  SELECT start, family, unit, key, dm, ds, (sum(dm) OVER w)::bigint AS m, (sum(ds) OVER w)::bigint AS s
  FROM item_step WINDOW w AS (PARTITION BY unit, key ORDER BY start)
), item_terms AS (
  SELECT start, family, unit, key, m, m - dm AS m0, s, s - ds AS s0 FROM item_state
), first_answer AS (
  SELECT DISTINCT ON (unit, key) unit, key, label FROM cell ORDER BY unit, key, start
)
SELECT start AT TIME ZONE 'UTC' AS start, family, NULL::text AS label,
       sum(CASE WHEN m >= 2 THEN (s - m)::float8 / (m * (m - 1)) ELSE 0 END - CASE WHEN m0 >= 2 THEN (s0 - m0)::float8 / (m0 * (m0 - 1)) ELSE 0 END) AS "dAgree",
       sum((m >= 2)::int - (m0 >= 2)::int)::int AS "dItems",
       sum(CASE WHEN m >= 2 THEN (m * m - s)::float8 / (m - 1) ELSE 0 END - CASE WHEN m0 >= 2 THEN (m0 * m0 - s0)::float8 / (m0 - 1) ELSE 0 END) AS "dObserved",
       NULL::float8 AS "dMarginal"
FROM item_terms GROUP BY item_terms.start, family
UNION ALL
-- α's marginals count answers on items with two or more: new answers on such items, and the one
-- earlier answer of an item that reaches two in this bucket
SELECT start AT TIME ZONE 'UTC', family, label, NULL, NULL, NULL, sum(dn)::float8
FROM (
  SELECT c.start, c.family, c.label, c.n AS dn FROM cell c JOIN item_terms t ON t.unit = c.unit AND t.key = c.key AND t.start = c.start WHERE t.m >= 2
  UNION ALL
  SELECT t.start, t.family, f.label, 1 FROM item_terms t JOIN first_answer f ON f.unit = t.unit AND f.key = t.key WHERE t.m >= 2 AND t.m0 = 1
) marginals
GROUP BY start, family, label
ORDER BY 1`;

interface Running {
  agree: number;
  items: number;
  observed: number;
  marginals: Map<string, number>;
}

function alpha(r: Running): number | null {
  let n = 0;
  let squares = 0;
  let used = 0;
  for (const x of r.marginals.values()) {
    n += x;
    squares += x * x;
    if (x > 0) used++;
  }
  if (n === 0 || used < 2) return null;
  return 1 - ((n - 1) * r.observed) / (n * n - squares);
}

export async function agreementTimeline(client: Queryable, studyId: string, bucket: string, families: VoteFamilies, notCounted?: readonly string[]): Promise<AgreementSeries[]> {
  const own = families.own.map((f) => f.key);
  const { rows } = await client.query<StepRow>(sql(notCounted), [studyId, bucket, own, families.pooled?.key ?? null]);
  if (rows.length === 0) return [];
  const step = bucket === "week" ? 7 * 86_400_000 : bucket === "day" ? 86_400_000 : 3_600_000;
  const firstMs = rows[0]!.start.getTime();
  const lastMs = rows[rows.length - 1]!.start.getTime();
  const byStart = new Map<number, StepRow[]>();
  for (const r of rows) byStart.set(r.start.getTime(), [...(byStart.get(r.start.getTime()) ?? []), r]);

  const declared = declaredFamilies(families);
  const present = new Set(rows.map((r) => r.family));
  const running = new Map(declared.filter((f) => present.has(f.key)).map((f) => [f.key, { agree: 0, items: 0, observed: 0, marginals: new Map<string, number>() } as Running]));
  const series = new Map([...running.keys()].map((key) => [key, [] as AgreementPoint[]]));
  // date_trunc's buckets are whole hours, days or (Monday) weeks in UTC, so stepping by a fixed length lands on each
  for (let t = firstMs; t <= lastMs; t += step) {
    for (const r of byStart.get(t) ?? []) {
      const acc = running.get(r.family);
      if (!acc) continue;
      if (r.label === null) {
        acc.agree += r.dAgree ?? 0;
        acc.items += r.dItems ?? 0;
        acc.observed += r.dObserved ?? 0;
      } else {
        acc.marginals.set(r.label, (acc.marginals.get(r.label) ?? 0) + (r.dMarginal ?? 0));
      }
    }
    const start = new Date(t).toISOString();
    for (const [key, acc] of running) {
      series.get(key)!.push({ start, items: acc.items, percentAgreement: acc.items > 0 ? acc.agree / acc.items : null, krippendorffAlpha: acc.items > 0 ? alpha(acc) : null });
    }
  }
  return declared.filter((f) => running.has(f.key)).map((f) => ({ check: f.key, label: f.label, points: series.get(f.key)! }));
}
