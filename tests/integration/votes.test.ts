import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/pool";
import { randomFlagStudy } from "@/tests/support/random-study";
import { seedBaselineStudy, seedValidationStudy } from "@/tests/support/export-study";
import { votesBesidePayloads } from "@/tests/support/votes";
import { backfillOf, rolledBack } from "@/tests/support/backfill";

// Vote counts are grouped from the Vote rows a trigger writes with each response (lib/designs/
// validation/results.ts); the validation oracle compares the counts with the payloads' own. Here,
// the rows themselves: exactly one per answer of every validation response, whatever the response's
// fate, none for another design, and the migration's backfill gives the same rows as the trigger.

async function same(studyId: string) {
  const { votes, payloads } = await votesBesidePayloads(pool(), studyId);
  expect(votes.length).toBeGreaterThan(0);
  expect(votes).toEqual(payloads);
}

describe("votes of validation responses", () => {
  it("are written with each response, one per answer, counted or not", async () => {
    const study = await randomFlagStudy(41, { participants: 6, maxPerUnit: 4, n: 3 });
    await same(study.id);
    const { rows } = await pool().query<{ status: string }>(
      `SELECT DISTINCT a.status FROM "Vote" v JOIN "Assignment" a ON a.id = v."assignmentId" WHERE v."studyId" = $1`,
      [study.id],
    );
    // the votes of answers that stopped counting stay: the reads take them off (counted.ts)
    expect(rows.map((r) => r.status)).toContain("excluded");
  });

  it("hold awkward labels as given (quotes, commas, newlines, non-ASCII)", async () => {
    await same(await seedValidationStudy(pool()));
  });

  it("are not written for another design's responses", async () => {
    const studyId = await seedBaselineStudy(pool());
    const { rows } = await pool().query<{ n: number; responses: number }>(
      `SELECT (SELECT count(*) FROM "Vote" WHERE "studyId" = $1)::int AS n, (SELECT count(*) FROM "Response" WHERE "studyId" = $1)::int AS responses`,
      [studyId],
    );
    expect(rows[0]).toEqual({ n: 0, responses: expect.any(Number) });
    expect(rows[0]!.responses).toBeGreaterThan(0);
  });

  it("are the same when the migration fills them in for responses stored before it", async () => {
    const study = await randomFlagStudy(43, { participants: 5, maxPerUnit: 3, n: 3 });
    const backfill = backfillOf("20261128010000_votes", "-- the validation answers stored before");
    expect(backfill).toContain(`INSERT INTO "Vote"`);
    await rolledBack(async (client) => {
      await client.query(`CREATE TEMP TABLE kept ON COMMIT DROP AS SELECT * FROM "Vote"`);
      await client.query(`DELETE FROM "Vote"`);
      await client.query(backfill);
      const { rows } = await client.query<{ missing: number; extra: number }>(
        `SELECT (SELECT count(*) FROM (SELECT * FROM kept EXCEPT ALL SELECT * FROM "Vote") x)::int AS missing,
                (SELECT count(*) FROM (SELECT * FROM "Vote" EXCEPT ALL SELECT * FROM kept) x)::int AS extra`,
      );
      expect(rows[0]).toEqual({ missing: 0, extra: 0 });
      const { votes, payloads } = await votesBesidePayloads(client, study.id);
      expect(votes.length).toBeGreaterThan(0);
      expect(votes).toEqual(payloads);
    });
  });
});
