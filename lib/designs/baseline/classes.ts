import type { QuestionKind, TagValue } from "@/lib/benchmarks/types";
import type { Queryable } from "@/lib/db/queryable";
import { HUMANS, modelRows, PAIRED, verdictParams, type ModelOpts, type ModelRow, type Pairs } from "@/lib/designs/baseline/models";

// Scored answers counted per class of questions alike in what the benchmark's summary reads (its
// kind and declared tags, lib/benchmarks/classes.ts), per sampling stratum and verdict: a few rows
// where one per question and answer group was 150,000 at a million answers. The models are paired
// with people in the same statement, from the same count per question: reading a million answers
// once instead of twice was a third of a report's database time (docs/benchmarks.md).

export interface ClassCount {
  kind: QuestionKind;
  /** the declared tags the questions have */
  tags: Record<string, TagValue>;
  /** the stratum of the unit asking them (the last unit in study order, as results read it) */
  stratum: Record<string, string> | null;
  correct: boolean | null;
  count: number;
}

// Units have strata only when the study samples by strata (lib/studies/units.ts sets them at planning
// from the settings), so the units are read for them only then; `tags` is the declared tags' parameter.
const STRATA = `
    SELECT DISTINCT ON (x.id) x.id, u.stratum
    FROM "StudyUnit" u CROSS JOIN unnest(u."questionIds") AS x(id)
    WHERE u."studyId" = $1
    ORDER BY x.id, u.ordinal DESC`;
const NO_STRATA = `SELECT NULL::uuid AS id, NULL::jsonb AS stratum WHERE false`;

const statement = (verdicts: string, tags: string, stratified: boolean) => `
  WITH ${HUMANS},
  ${verdicts},
  strata AS (${stratified ? STRATA : NO_STRATA}),
  classed AS (
    SELECT q.kind, CASE WHEN cardinality(${tags}::text[]) = 0 THEN '{}'::jsonb
                        ELSE (SELECT coalesce(jsonb_object_agg(t.key, t.value), '{}') FROM jsonb_each(q.tags) t WHERE t.key = ANY(${tags}::text[])) END AS tags,
           st.stratum, h.rows, h.n, h.c
    FROM h JOIN "Question" q ON q.id = h."questionId" LEFT JOIN strata st ON st.id = h."questionId")
  SELECT (SELECT coalesce(json_agg(k), '[]') FROM (SELECT kind, tags, stratum, sum(rows)::int AS rows, sum(n)::int AS n, sum(c)::int AS c FROM classed GROUP BY 1, 2, 3) k) AS classes,
         (SELECT coalesce(json_agg(m), '[]') FROM (${PAIRED}) m) AS pairs`;

type ClassRow = Omit<ClassCount, "correct" | "count"> & { rows: number; n: number; c: number };

/** A class's answers split by verdict: right, wrong, not machine-scored (none of size 0). */
function byVerdict({ rows, n, c, ...rest }: ClassRow): ClassCount[] {
  const split: [boolean | null, number][] = [[true, c], [false, n - c], [null, rows - n]];
  return split.filter(([, count]) => count > 0).map(([correct, count]) => ({ ...rest, correct, count }));
}

/** The answers at a stage per class (with `tags` declared), and the models paired with them. */
export async function readClassCounts(client: Queryable, opts: ModelOpts & { tags: readonly string[]; stratified: boolean }): Promise<{ classes: ClassCount[]; models: ModelRow[] }> {
  const { cte, params } = await verdictParams(client, opts);
  const { rows } = await client.query<{ classes: ClassRow[]; pairs: Pairs[] }>(statement(cte, `$${params.length + 1}`, opts.stratified), [...params, opts.tags]);
  return { classes: rows[0]!.classes.flatMap(byVerdict), models: modelRows(rows[0]!.pairs) };
}
