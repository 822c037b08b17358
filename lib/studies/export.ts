import { stringifyCsv as stringify } from "@/lib/csv";
import { streamRows } from "@/lib/db/stream";
import { designOf, type Study } from "@/lib/designs";

// Raw responses, as researchers need them to recompute every figure: CSV in long format (one
// row per response and answered item, columns unit,rater,label ready for `sally agreement`) and
// JSONL (one line per response, the payload as stored). Every response is here, valid or not
// (an expired stage-1 answer, a voided one): the `valid` column says which ones count.
interface ResponseRow {
  response_id: string;
  study_unit: string;
  unit_ordinal: number;
  context_id: string;
  question_id: string | null;
  participant: string;
  external_source: string | null;
  external_id: string | null;
  participant_group: string | null;
  stage: number;
  payload: { answers?: Record<string, unknown>; comment?: string };
  valid: boolean;
  started_at: Date | null;
  submitted_at: Date;
  duration_ms: number | null;
  assignment_id: string;
  leased_at: Date;
  lease_expires_at: Date;
  idempotency_key: string;
}

const SQL = `SELECT r.id AS response_id, r."unitId" AS study_unit, u.ordinal AS unit_ordinal, u."contextId" AS context_id,
    u."questionId" AS question_id, p.pseudonym AS participant, p."externalSource" AS external_source,
    p."externalId" AS external_id, coalesce(a."group", p."group") AS participant_group, r.stage, r.payload, r."startedAt" AS started_at,
    r."submittedAt" AS submitted_at, r."durationMs" AS duration_ms, a.id AS assignment_id, a."leasedAt" AS leased_at,
    a."expiresAt" AS lease_expires_at, r."idempotencyKey" AS idempotency_key, a.status = 'submitted' AS valid
  FROM "Response" r
  JOIN "Participant" p ON p.id = r."participantId"
  JOIN "Assignment" a ON a.id = r."assignmentId"
  JOIN "StudyUnit" u ON u.id = r."unitId"
  WHERE r."studyId" = $1 ORDER BY r."submittedAt", r.id`;

export const RESPONSE_CSV_COLUMNS = [
  "unit",
  "rater",
  "label",
  "check",
  "study_unit",
  "unit_ordinal",
  "context_id",
  "question_id",
  "external_source",
  "external_id",
  "participant_group",
  "comment",
  "stage",
  "started_at",
  "submitted_at",
  "duration_ms",
  "assignment_id",
  "leased_at",
  "lease_expires_at",
  "response_id",
  "valid",
] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : "");

export async function* responsesCsv(study: Study): AsyncGenerator<string> {
  const design = designOf(study.design);
  yield stringify([RESPONSE_CSV_COLUMNS as unknown as string[]]);
  for await (const r of streamRows<ResponseRow>(SQL, [study.id])) {
    const rows = design.csvItems(r.payload).map(({ item, label, comment }) => [
      `${r.study_unit}|${item}`,
      r.participant,
      label,
      item,
      r.study_unit,
      r.unit_ordinal,
      r.context_id,
      r.question_id ?? "",
      r.external_source ?? "",
      r.external_id ?? "",
      r.participant_group ?? "",
      comment ?? "",
      r.stage,
      iso(r.started_at),
      iso(r.submitted_at),
      r.duration_ms ?? "",
      r.assignment_id,
      iso(r.leased_at),
      iso(r.lease_expires_at),
      r.response_id,
      r.valid,
    ]);
    if (rows.length) yield stringify(rows);
  }
}

export async function* responsesJsonl(study: Study): AsyncGenerator<string> {
  for await (const r of streamRows<ResponseRow>(SQL, [study.id])) {
    yield JSON.stringify({
      responseId: r.response_id,
      studyUnit: r.study_unit,
      unitOrdinal: r.unit_ordinal,
      contextId: r.context_id,
      questionId: r.question_id,
      participant: r.participant,
      externalSource: r.external_source,
      externalId: r.external_id,
      group: r.participant_group,
      stage: r.stage,
      payload: r.payload,
      answers: r.payload.answers ?? {},
      comment: r.payload.comment ?? null,
      valid: r.valid,
      startedAt: r.started_at,
      submittedAt: r.submitted_at,
      durationMs: r.duration_ms,
      lease: { assignmentId: r.assignment_id, leasedAt: r.leased_at, expiresAt: r.lease_expires_at },
      idempotencyKey: r.idempotency_key,
    }) + "\n";
  }
}

// Scored answers (human baselines): one row per answered question, with the answer as given and
// as the benchmark's scorer read it, whether it is right, and the time on it. Every accuracy
// figure is a count over these rows (valid ones, at the last stage).
export const SCORED_CSV_COLUMNS = [
  "participant",
  "question_id",
  "source_id",
  "kind",
  "tags",
  "answer_raw",
  "answer_normalized",
  "correct",
  "graded",
  "ms",
  "stage",
  "group",
  "study_unit",
  "response_id",
  "valid",
] as const;

const SCORED_SQL = `SELECT p.pseudonym AS participant, s."questionId" AS question_id, q."sourceId" AS source_id, q.kind, q.tags,
    r.payload->'answers'->(s."questionId"::text) AS answer_raw, s.normalized, s.correct, s.graded, s.ms, s.stage,
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
  tags: unknown;
  answer_raw: unknown;
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

export async function* scoredCsv(study: Study): AsyncGenerator<string> {
  yield stringify([SCORED_CSV_COLUMNS as unknown as string[]]);
  const batch: unknown[][] = [];
  for await (const r of streamRows<ScoredRow>(SCORED_SQL, [study.id])) {
    batch.push([
      r.participant,
      r.question_id,
      r.source_id,
      r.kind,
      JSON.stringify(r.tags),
      r.answer_raw === undefined ? "" : JSON.stringify(r.answer_raw),
      r.normalized,
      r.correct === null ? "" : r.correct,
      r.graded ?? "",
      r.ms ?? "",
      r.stage,
      r.group ?? "",
      r.study_unit,
      r.response_id,
      r.valid,
    ]);
    if (batch.length >= 500) yield stringify(batch.splice(0));
  }
  if (batch.length) yield stringify(batch);
}
