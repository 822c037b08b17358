import { readFileSync } from "node:fs";
import pg from "pg";
import { e2eDatabaseUrlFile } from "../config";

// Answers written straight into the e2e server's database, as a bulk load or an outside measurement
// writes them: `people` participants each answer every unit of a validation study, an hour apart
// for every participant, with yes/no on each check. The database's triggers keep the votes and the
// tallies, as for answers given through the app.

export async function withE2eDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: readFileSync(e2eDatabaseUrlFile(), "utf8").trim() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** How many answers were written. */
export function seedValidationAnswers(studyId: string, people: number, checks: readonly string[]): Promise<number> {
  return withE2eDatabase(async (client) => {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO "Participant" (id, "studyId", pseudonym, "externalSource", "externalId", "externalMeta", "consentedAt")
       SELECT gen_random_uuid(), $1, 'S' || lpad(i::text, 4, '0'), 'prolific', 'seeded-' || i, '{}', now() FROM generate_series(1, $2) i`,
      [studyId, people],
    );
    await client.query(
      `CREATE TEMP TABLE seeded ON COMMIT DROP AS
       SELECT gen_random_uuid() AS assignment, gen_random_uuid() AS response, u.id AS unit, p.id AS participant,
              row_number() OVER () AS k, substr(p.pseudonym, 2)::int AS person,
              now() - interval '2 days' + substr(p.pseudonym, 2)::int * interval '1 hour' AS at
       FROM "StudyUnit" u JOIN "Participant" p ON p."studyId" = u."studyId" AND p."externalId" LIKE 'seeded-%'
       WHERE u."studyId" = $1`,
      [studyId],
    );
    await client.query(
      `INSERT INTO "Assignment" (id, "studyId", "unitId", "participantId", status, "leasedAt", "expiresAt", "submittedAt", "endedAt")
       SELECT assignment, $1, unit, participant, 'submitted', at - interval '20 seconds', at + interval '30 minutes', at, at FROM seeded`,
      [studyId],
    );
    // one statement per participant, the tables analysed after the first: the triggers' per-assignment
    // lookups are planned from statistics, and over a table taken for empty one statement of 21,000
    // answers took a minute (3.5 s like this)
    let written = 0;
    for (let i = 1; i <= people; i++) {
      const { rowCount } = await client.query(
        `INSERT INTO "Response" (id, "studyId", "unitId", "assignmentId", "participantId", stage, payload, "idempotencyKey", "startedAt", "submittedAt", "durationMs")
         SELECT response, $1, unit, assignment, participant, 1,
                jsonb_build_object('answers', (SELECT jsonb_object_agg(c.key, CASE WHEN (k + c.i) % 4 = 0 THEN 'yes' ELSE 'no' END) FROM unnest($2::text[]) WITH ORDINALITY AS c(key, i))),
                md5(response::text), at - interval '20 seconds', at, 20000 FROM seeded WHERE person = $3`,
        [studyId, checks, i],
      );
      written += rowCount ?? 0;
      if (i === 1) for (const table of ["Assignment", "Response", "Vote", "AssignmentTally", "UnitTally"]) await client.query(`ANALYZE "${table}"`);
    }
    await client.query("COMMIT");
    return written;
  });
}
