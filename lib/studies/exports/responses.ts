import { streamBatches } from "@/lib/db/stream";
import { designOf, type Study } from "@/lib/designs";
import { columns, type Cell } from "@/lib/studies/exports/table";

// Raw responses, as researchers need them to recompute every figure: a table in long format (one
// row per response and answered item, columns unit,rater,label ready for `sally agreement`), written
// as CSV or Parquet, and JSONL (one line per response, the payload as stored). Every response is
// here, valid or not (an expired stage-1 answer, a voided one): the `valid` column says which count.

export const RESPONSE_COLUMNS = columns(
  "unit:STRING",
  "rater:STRING",
  "label:STRING",
  "check:STRING",
  "study_unit:STRING",
  "unit_ordinal:INT32",
  "context_id:STRING",
  "question_id:STRING?",
  "external_source:STRING?",
  "external_id:STRING?",
  "participant_group:STRING?",
  "comment:STRING?",
  "stage:INT32",
  "started_at:TIMESTAMP?",
  "submitted_at:TIMESTAMP",
  "duration_ms:INT32?",
  "assignment_id:STRING",
  "leased_at:TIMESTAMP",
  "lease_expires_at:TIMESTAMP",
  "response_id:STRING",
  "valid:BOOLEAN",
  "invalid_reason:STRING?",
);

// Excluded rows stay in the raw export, saying why they count nowhere: the participant's exclusion
// (a researcher's reason, or the policy that applied), else what became of the lease.
const INVALID_REASON = `CASE WHEN a.status = 'submitted' THEN NULL
    WHEN a.status = 'excluded' OR p.status IN ('excluded', 'failed_attention', 'failed_qualification') THEN coalesce(p."statusReason", p.status::text)
    ELSE a.status::text END`;

// timestamps leave PostgreSQL as epoch milliseconds: a number is all either file needs
const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

const SQL = (payload: string) => `SELECT r.id AS response_id, r."unitId" AS study_unit, u.ordinal AS unit_ordinal, u."contextId" AS context_id,
    u."questionId" AS question_id, p.pseudonym AS participant, p."externalSource" AS external_source,
    p."externalId" AS external_id, coalesce(a."group", p."group") AS participant_group, r.stage, ${payload},
    ${ms(`r."startedAt"`)} AS started_at, ${ms(`r."submittedAt"`)} AS submitted_at, r."durationMs" AS duration_ms,
    a.id AS assignment_id, ${ms(`a."leasedAt"`)} AS leased_at, ${ms(`a."expiresAt"`)} AS lease_expires_at,
    r."idempotencyKey" AS idempotency_key, a.status = 'submitted' AS valid,
    ${INVALID_REASON} AS invalid_reason
  FROM "Response" r
  JOIN "Participant" p ON p.id = r."participantId"
  JOIN "Assignment" a ON a.id = r."assignmentId"
  JOIN "StudyUnit" u ON u.id = r."unitId"
  WHERE r."studyId" = $1 ORDER BY r."submittedAt", r.id`;

interface ResponseRow<P> {
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
  payload: P;
  started_at: number | null;
  submitted_at: number;
  duration_ms: number | null;
  assignment_id: string;
  leased_at: number;
  lease_expires_at: number;
  idempotency_key: string;
  valid: boolean;
  invalid_reason: string | null;
}

/** The long table's rows, in batches: one per response and answered item, in submission order. */
export async function* responseRows(study: Study): AsyncGenerator<Cell[][]> {
  const design = designOf(study.design);
  for await (const batch of streamBatches<ResponseRow<unknown>>(SQL("r.payload"), [study.id])) {
    const out: Cell[][] = [];
    for (const r of batch) {
      for (const { item, label, comment } of design.csvItems(r.payload)) {
        out.push([
          `${r.study_unit}|${item}`,
          r.participant,
          label,
          item,
          r.study_unit,
          r.unit_ordinal,
          r.context_id,
          r.question_id,
          r.external_source,
          r.external_id,
          r.participant_group,
          comment ?? null,
          r.stage,
          r.started_at,
          r.submitted_at,
          r.duration_ms,
          r.assignment_id,
          r.leased_at,
          r.lease_expires_at,
          r.response_id,
          r.valid,
          r.invalid_reason,
        ]);
      }
    }
    yield out;
  }
}

const isoOrNull = (value: number | null) => (value === null ? "null" : `"${new Date(value).toISOString()}"`);

/**
 * One JSON line per response. The payload is spliced in as PostgreSQL prints it (never parsed and
 * written again: at a million lines that was most of the time); everything else is JSON.stringify's.
 */
export async function* responsesJsonl(study: Study): AsyncGenerator<string> {
  const sql = SQL(`r.payload::text AS payload, coalesce(r.payload->'answers', '{}')::text AS answers, to_json(r.payload->>'comment')::text AS comment`);
  for await (const batch of streamBatches<ResponseRow<string> & { answers: string; comment: string }>(sql, [study.id])) {
    let out = "";
    for (const r of batch) {
      out +=
        `{"responseId":"${r.response_id}","studyUnit":"${r.study_unit}","unitOrdinal":${r.unit_ordinal},"contextId":"${r.context_id}",` +
        `"questionId":${JSON.stringify(r.question_id)},"participant":${JSON.stringify(r.participant)},` +
        `"externalSource":${JSON.stringify(r.external_source)},"externalId":${JSON.stringify(r.external_id)},` +
        `"group":${JSON.stringify(r.participant_group)},"stage":${r.stage},"payload":${r.payload},"answers":${r.answers},` +
        `"comment":${r.comment},"valid":${r.valid},"invalidReason":${JSON.stringify(r.invalid_reason)},"startedAt":${isoOrNull(r.started_at)},"submittedAt":${isoOrNull(r.submitted_at)},` +
        `"durationMs":${r.duration_ms ?? "null"},"lease":{"assignmentId":"${r.assignment_id}","leasedAt":${isoOrNull(r.leased_at)},` +
        `"expiresAt":${isoOrNull(r.lease_expires_at)}},"idempotencyKey":${JSON.stringify(r.idempotency_key)}}\n`;
    }
    yield out;
  }
}
