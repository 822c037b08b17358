import type { QuestionKind, TagValue } from "@/lib/benchmarks/types";
import type { Queryable } from "@/lib/db/queryable";
import { counted } from "@/lib/designs/counted";
import { modelRows, PAIRED, VERDICTS, verdictParams, type ModelOpts, type ModelRow, type Pairs } from "@/lib/designs/baseline/models";

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

const STATEMENT = `
  WITH answers AS MATERIALIZED (
    SELECT s."questionId", s.correct, count(*)::int AS count
    FROM "ScoredAnswer" s WHERE s."studyId" = $1 AND s.stage = $2 AND ${counted("s")} GROUP BY 1, 2),
  h AS (
    SELECT "questionId", coalesce(sum(count) FILTER (WHERE correct IS NOT NULL), 0)::int AS n, coalesce(sum(count) FILTER (WHERE correct), 0)::int AS c
    FROM answers GROUP BY 1),
  ${VERDICTS},
  strata AS (
    SELECT DISTINCT ON (x.id) x.id, u.stratum
    FROM "StudyUnit" u CROSS JOIN unnest(u."questionIds") AS x(id) WHERE u."studyId" = $1 ORDER BY x.id, u.ordinal DESC),
  classed AS (
    SELECT q.kind, CASE WHEN cardinality($9::text[]) = 0 THEN '{}'::jsonb
                        ELSE (SELECT coalesce(jsonb_object_agg(t.key, t.value), '{}') FROM jsonb_each(q.tags) t WHERE t.key = ANY($9::text[])) END AS tags,
           st.stratum, a.correct, a.count
    FROM answers a JOIN "Question" q ON q.id = a."questionId" LEFT JOIN strata st ON st.id = a."questionId")
  SELECT (SELECT coalesce(json_agg(c), '[]') FROM (SELECT kind, tags, stratum, correct, sum(count)::int AS count FROM classed GROUP BY 1, 2, 3, 4) c) AS classes,
         (SELECT coalesce(json_agg(p), '[]') FROM (${PAIRED}) p) AS pairs`;

/** The answers at a stage per class (with `tags` declared), and the models paired with them. */
export async function readClassCounts(client: Queryable, opts: ModelOpts & { tags: readonly string[] }): Promise<{ classes: ClassCount[]; models: ModelRow[] }> {
  const params = await verdictParams(client, opts);
  const { rows } = await client.query<{ classes: ClassCount[]; pairs: Pairs[] }>(STATEMENT, [...params, opts.tags]);
  return { classes: rows[0]!.classes, models: modelRows(rows[0]!.pairs) };
}
