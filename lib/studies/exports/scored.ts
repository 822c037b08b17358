import { streamBatches } from "@/lib/db/stream";
import type { Study } from "@/lib/designs";
import { columns, type Cell } from "@/lib/studies/exports/table";

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

interface ScoredRow {
  participant: string;
  question_id: string;
  source_id: string;
  kind: string;
  tags: string;
  answer_raw: string | null;
  normalized: string;
  correct: boolean | null;
  graded: number | null;
  ms: number | null;
  stage: number;
  group: string | null;
  study_unit: string;
  response_id: string;
  valid: boolean;
}

export async function* scoredRows(study: Study): AsyncGenerator<Cell[][]> {
  for await (const batch of streamBatches<ScoredRow>(SQL, [study.id])) {
    yield batch.map((r) => [
      r.participant,
      r.question_id,
      r.source_id,
      r.kind,
      r.tags,
      r.answer_raw,
      r.normalized,
      r.correct,
      r.graded,
      r.ms,
      r.stage,
      r.group,
      r.study_unit,
      r.response_id,
      r.valid,
    ]);
  }
}
