import type pg from "pg";

// The units of a study, materialised from its dataset and tag filter: one per matching
// question, or one per context that has a matching question.
export function filterSql(filter: Record<string, string[]>, firstParam: number): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  for (const [tag, values] of Object.entries(filter)) {
    params.push(tag, values);
    const t = firstParam + params.length - 2;
    clauses.push(`q.tags->>$${t}::text = ANY($${t + 1}::text[])`);
  }
  return { sql: clauses.length ? ` AND ${clauses.join(" AND ")}` : "", params };
}

export async function buildUnits(
  client: pg.PoolClient,
  study: { id: string; datasetId: string; unitType: string; filter: Record<string, string[]>; n: number },
): Promise<number> {
  await client.query(`DELETE FROM "StudyUnit" WHERE "studyId" = $1`, [study.id]);
  const f = filterSql(study.filter, 4);
  const perQuestion = study.unitType === "question";
  const { rowCount } = await client.query(
    perQuestion
      ? `INSERT INTO "StudyUnit" (id, "studyId", "subjectKey", "contextId", "questionId", ordinal, tiebreak, capacity)
         SELECT gen_random_uuid(), $1, 'q:' || q.id, q."contextId", q.id,
                row_number() OVER (ORDER BY q."recordIndex", q.position), random(), $3
         FROM "Question" q WHERE q."datasetId" = $2${f.sql}`
      : `INSERT INTO "StudyUnit" (id, "studyId", "subjectKey", "contextId", ordinal, tiebreak, capacity)
         SELECT gen_random_uuid(), $1, 'c:' || c."contextId", c."contextId", row_number() OVER (ORDER BY c.first), random(), $3
         FROM (SELECT q."contextId", min(q."recordIndex" * 10000 + q.position) AS first
               FROM "Question" q WHERE q."datasetId" = $2${f.sql} GROUP BY q."contextId") c`,
    [study.id, study.datasetId, study.n, ...f.params],
  );
  return rowCount ?? 0;
}
