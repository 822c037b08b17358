import { copyArrays } from "@/lib/db/copy-out";
import type { Study } from "@/lib/designs";
import { BATCH, columns, type Cell } from "@/lib/studies/exports/table";

// Scored answers (human baselines): one row per answered question, with the answer as given and
// as the benchmark's scorer read it, whether it is right, and the time on it. Every accuracy
// figure is a count over these rows (valid ones, at the last stage).

export const SCORED_COLUMNS = columns(
  "participant:STRING",
  "question_id:STRING",
  "source_id:STRING",
  "kind:STRING",
  "tags:STRING",
  "answer_raw:STRING?",
  "answer_normalized:STRING",
  "correct:BOOLEAN?",
  "graded:DOUBLE?",
  "ms:INT32?",
  "stage:INT32",
  "group:STRING?",
  "study_unit:STRING",
  "response_id:STRING",
  "valid:BOOLEAN",
);

// tags and the raw answer leave PostgreSQL as JSON text: they are written as text, never read
const SQL = `SELECT p.pseudonym AS participant, s."questionId" AS question_id, q."sourceId" AS source_id, q.kind, q.tags::text AS tags,
    (r.payload->'answers'->(s."questionId"::text))::text AS answer_raw, s.normalized, s.correct, s.graded, s.ms, s.stage,
    coalesce(a."group", p."group") AS "group", r."unitId" AS study_unit, r.id AS response_id, a.status = 'submitted' AS valid
  FROM "ScoredAnswer" s
  JOIN "Response" r ON r.id = s."responseId"
  JOIN "Assignment" a ON a.id = s."assignmentId"
  JOIN "Participant" p ON p.id = s."participantId"
  JOIN "Question" q ON q.id = s."questionId"
  WHERE s."studyId" = $1 ORDER BY r."submittedAt", r.id, q."recordIndex", q.position`;

/** Rows as arrays, the columns in SCORED_COLUMNS' order: handed on as they come. */
export async function* scoredRows(study: Study): AsyncGenerator<Cell[][]> {
  yield* copyArrays<Cell[]>(SQL, [study.id], BATCH);
}
