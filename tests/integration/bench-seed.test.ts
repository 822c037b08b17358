import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/pool";
import { seedResultsStudies } from "@/tests/support/bench-results-seed";

// The studies bench:dashboard and bench:report measure are written straight into PostgreSQL with the
// triggers off (tests/support/bench-results-seed.ts). What the triggers write beside each answer must
// be there all the same, or the pages are measured over studies with no votes and no tallies (as they
// were for a while: the figures of 100k and 500k then read empty tallies).

describe("the bench seed", () => {
  it("writes each validation answer's votes, the units' tallies and the baseline's answer tallies, as the submit path would", async () => {
    const { validation, baseline } = await seedResultsStudies(process.env.DATABASE_URL!, 400);
    const { rows } = await pool().query<{ responses: number; votes: number; tallied: number; units: number }>(
      `SELECT (SELECT count(*)::int FROM "Response" WHERE "studyId" = $1) AS responses,
              (SELECT count(*)::int FROM "Vote" WHERE "studyId" = $1) AS votes,
              (SELECT sum(responses)::int FROM "UnitTally" WHERE "studyId" = $1) AS tallied,
              (SELECT count(*)::int FROM "UnitTally" WHERE "studyId" = $1 AND votes <> '{}') AS units`,
      [validation],
    );
    // five checks per answer: the flag, the answer key's three options and "broken"
    expect(rows[0]).toEqual({ responses: 400, votes: 2000, tallied: 400, units: 20 });
    const answers = await pool().query(
      `SELECT a."unitId", s."questionId", s.stage, count(*)::int AS answers, count(s.correct)::int AS scored, (count(*) FILTER (WHERE s.correct))::int AS correct
       FROM "ScoredAnswer" s JOIN "Assignment" a ON a.id = s."assignmentId" AND a.status = 'submitted' WHERE s."studyId" = $1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [baseline],
    );
    const kept = await pool().query(`SELECT "unitId", "questionId", stage, answers, scored, correct FROM "AnswerTally" WHERE "studyId" = $1 ORDER BY 1, 2, 3`, [baseline]);
    expect(answers.rows).toHaveLength(20);
    expect(kept.rows).toEqual(answers.rows);
  });
});
