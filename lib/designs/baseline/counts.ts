import type { Queryable } from "@/lib/db/queryable";
import type { QuestionCount } from "@/lib/designs/baseline/groups";
import type { AnswerRow } from "@/lib/designs/baseline/rows";

// Scored answers aggregated in PostgreSQL, so that accuracy tables never load every answer:
// counts per question × stage × group, equal answers grouped (with who gave them only where the
// benchmark's summary looks at respondents), and per-participant counts.

const VALID = `FROM "ScoredAnswer" s JOIN "Assignment" a ON a.id = s."assignmentId" WHERE s."studyId" = $1 AND a.status = 'submitted'`;

export async function readQuestionCounts(client: Queryable, studyId: string): Promise<QuestionCount[]> {
  const { rows } = await client.query<QuestionCount>(
    `SELECT s."questionId", s.stage, a."group", count(s.correct)::int AS n, count(*) FILTER (WHERE s.correct)::int AS correct, count(*)::int AS rows
     ${VALID} GROUP BY 1, 2, 3`,
    [studyId],
  );
  return rows;
}

/** One stage's answers, equal ones grouped (`count` of them), in the order of their first answer. */
export async function readAnswerGroups(client: Queryable, studyId: string, stage: number, perRespondent: boolean): Promise<(AnswerRow & { count: number })[]> {
  const who = perRespondent ? `s."participantId", p.pseudonym` : `NULL::uuid AS "participantId", '' AS pseudonym`;
  const { rows } = await client.query<AnswerRow & { count: number }>(
    `SELECT s."questionId", ${who}, s.stage, a."group", s.correct, s.graded, s.normalized, NULL::int AS ms, count(*)::int AS count
     FROM "ScoredAnswer" s JOIN "Assignment" a ON a.id = s."assignmentId" ${perRespondent ? `JOIN "Participant" p ON p.id = s."participantId"` : ""}
     WHERE s."studyId" = $1 AND a.status = 'submitted' AND s.stage = $2
     GROUP BY s."questionId", ${perRespondent ? `s."participantId", p.pseudonym, ` : ""}s.stage, a."group", s.correct, s.graded, s.normalized
     ORDER BY min(s."responseId"::text || s."questionId"::text COLLATE "C")`,
    [studyId, stage],
  );
  return rows;
}

export interface ParticipantCount {
  participantId: string;
  pseudonym: string;
  n: number;
  correct: number;
  /** the median of the answers' own timings, for a participant without a timed response */
  medianMs: number | null;
}

/** Per participant at one stage, in the order of their first answer. */
export async function readParticipantCounts(client: Queryable, studyId: string, stage: number): Promise<ParticipantCount[]> {
  const { rows } = await client.query<ParticipantCount>(
    `SELECT s."participantId", p.pseudonym, count(s.correct)::int AS n, count(*) FILTER (WHERE s.correct)::int AS correct,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY s.ms) AS "medianMs"
     ${VALID.replace(`WHERE`, `JOIN "Participant" p ON p.id = s."participantId" WHERE`)} AND s.stage = $2
     GROUP BY 1, 2 ORDER BY min(s."responseId"::text || s."questionId"::text COLLATE "C")`,
    [studyId, stage],
  );
  return rows;
}
