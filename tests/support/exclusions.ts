import { pool } from "@/lib/db/pool";
import { withTransaction } from "@/lib/db/tx";
import { excludeParticipant } from "@/lib/participants/exclusion";

/** Excludes a participant and voids their answers, as a researcher does. */
export async function exclude(studyId: string, participantId: string): Promise<void> {
  await withTransaction((client) => excludeParticipant(client, { studyId, participantId, status: "excluded", reason: "test", actorId: null, voidAnswers: true }));
}

/** Exclusions while others submit: `rounds` times, a little later each time, an active participant with
 *  a submitted answer is excluded (their answers so far voided, their units reopened). */
export async function excludeWhileOthersSubmit(studyId: string, rounds = 3): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    await new Promise((resolve) => setTimeout(resolve, 30 * (round + 1)));
    const { rows } = await pool().query<{ id: string }>(
      `SELECT p.id FROM "Participant" p WHERE p."studyId" = $1 AND p.status = 'active' AND EXISTS (SELECT 1 FROM "Assignment" a WHERE a."participantId" = p.id AND a.status = 'submitted') LIMIT 1`,
      [studyId],
    );
    if (rows[0]) await exclude(studyId, rows[0].id);
  }
}

/** Answers of the study in `table` (rows with `assignmentId`) that still count, and those voided by an exclusion. */
export async function countedAndVoided(studyId: string, table: "ScoredAnswer" | "Vote"): Promise<{ counted: number; voided: number }> {
  const { rows } = await pool().query<{ voided: number; counted: number }>(
    `SELECT count(*) FILTER (WHERE a.status = 'excluded')::int AS voided, count(*) FILTER (WHERE a.status = 'submitted')::int AS counted
     FROM "${table}" s JOIN "Assignment" a ON a.id = s."assignmentId" WHERE s."studyId" = $1`,
    [studyId],
  );
  return rows[0]!;
}
