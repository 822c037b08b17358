import type { Queryable } from "@/lib/db/queryable";

// A study's Vote rows beside what its responses' payloads hold (one row per answer), each sorted, so
// a test compares the two: the trigger on Response (and the migration's backfill) must write exactly these.
const VOTES = `SELECT "responseId"::text, key, "studyId"::text, "unitId"::text, "assignmentId"::text, stage, value FROM "Vote" WHERE "studyId" = $1`;
const FROM_PAYLOADS = `SELECT r.id::text, e.key, r."studyId"::text, r."unitId"::text, r."assignmentId"::text, r.stage, e.value
  FROM "Response" r CROSS JOIN LATERAL jsonb_each_text(r.payload -> 'answers') e WHERE r."studyId" = $1`;
const sorted = (rows: object[]) => rows.map((r) => JSON.stringify(Object.values(r))).sort();

export async function votesBesidePayloads(client: Queryable, studyId: string): Promise<{ votes: string[]; payloads: string[] }> {
  const votes = await client.query(VOTES, [studyId]);
  const payloads = await client.query(FROM_PAYLOADS, [studyId]);
  return { votes: sorted(votes.rows), payloads: sorted(payloads.rows) };
}
