import { copyArrays } from "@/lib/db/copy-out";
import { designOf, type Study } from "@/lib/designs";
import { BATCH, columns, type Cell } from "@/lib/studies/exports/table";

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

/** Timestamps for a text file leave PostgreSQL as ISO 8601 text (as Date#toISOString writes them), for Parquet as epoch milliseconds. */
export type TimestampsAs = "iso" | "ms";

// Milliseconds in float8 arithmetic (date_part), not extract's numeric: the columns hold whole
// milliseconds (timestamptz(3)), so rounding gives each exactly, and numeric arithmetic on four
// columns was about 2 s of PostgreSQL's 9 s for a million responses (docs/benchmarks.md).
export const timestamp = (column: string, as: TimestampsAs) =>
  as === "iso" ? `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `round(date_part('epoch', ${column}) * 1000)`;

// Rows come as arrays (no object per row): the columns in the outer SELECT's order, the payload
// first. The inner query joins and sorts raw values; text is made from them (payload, timestamps)
// in the outer one, row by row as the sorted rows stream out, not before the sort (a wider sort,
// and a longer wait for the first row). The outer ORDER BY is the inner one: no second sort.
const SQL = (payload: string, as: TimestampsAs, extra = "") => `SELECT ${payload}, x.unit, x.pseudonym, x.ordinal, x.context, x.question,
    x.source, x.external, x.grp, x.stage, ${timestamp("x.started", as)}, ${timestamp("x.submitted", as)}, x.duration,
    x.assignment, ${timestamp("x.leased", as)}, ${timestamp("x.expires", as)}, x.id, x.valid, x.reason, x.key${extra}
  FROM (SELECT r.payload, r."unitId" AS unit, p.pseudonym, u.ordinal, u."contextId" AS context, u."questionId" AS question,
      p."externalSource" AS source, p."externalId" AS external, coalesce(a."group", p."group") AS grp, r.stage,
      r."startedAt" AS started, r."submittedAt" AS submitted, r."durationMs" AS duration, a.id AS assignment,
      a."leasedAt" AS leased, a."expiresAt" AS expires, r.id, a.status = 'submitted' AS valid, ${INVALID_REASON} AS reason,
      r."idempotencyKey" AS key
    FROM "Response" r
    JOIN "Participant" p ON p.id = r."participantId"
    JOIN "Assignment" a ON a.id = r."assignmentId"
    JOIN "StudyUnit" u ON u.id = r."unitId"
    WHERE r."studyId" = $1 ORDER BY r."submittedAt", r.id) x
  ORDER BY x.submitted, x.id`;

type Timestamp = string | number;
type ResponseRow<P> = [
  payload: P,
  study_unit: string,
  participant: string,
  unit_ordinal: number,
  context_id: string,
  question_id: string | null,
  external_source: string | null,
  external_id: string | null,
  participant_group: string | null,
  stage: number,
  started_at: Timestamp | null,
  submitted_at: Timestamp,
  duration_ms: number | null,
  assignment_id: string,
  leased_at: Timestamp,
  lease_expires_at: Timestamp,
  response_id: string,
  valid: boolean,
  invalid_reason: string | null,
  idempotency_key: string,
];

// A set or context unit has no question of its own; an item about one question names it (a
// baseline's answer is keyed by the question's id, a validation check as q:<id>:…).
const ITEM_QUESTION = /^(?:q:)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?::|$)/;

/** The long table's rows, in batches: one per response and answered item, in submission order. */
export async function* responseRows(study: Study, as: TimestampsAs = "ms"): AsyncGenerator<Cell[][]> {
  const design = designOf(study.design);
  for await (const batch of copyArrays<ResponseRow<unknown>>(SQL("x.payload", as), [study.id], BATCH)) {
    const out: Cell[][] = [];
    for (const r of batch) {
      const unit = r[1];
      for (const { item, label, comment } of design.csvItems(r[0])) {
        out.push([`${unit}|${item}`, r[2], label, item, unit, r[3], r[4], r[5] ?? ITEM_QUESTION.exec(item)?.[1] ?? null, r[6], r[7], r[8], comment ?? null, r[9], r[10], r[11], r[12], r[13], r[14], r[15], r[16], r[17], r[18]]);
      }
    }
    yield out;
  }
}

// ISO text from PostgreSQL: digits and punctuation only, so quoting it is all JSON needs
const quotedOrNull = (value: Timestamp | null) => (value === null ? "null" : `"${value}"`);

/**
 * One JSON line per response. The payload is spliced in as PostgreSQL prints it (never parsed and
 * written again: at a million lines that was most of the time); everything else is JSON.stringify's.
 */
export async function* responsesJsonl(study: Study): AsyncGenerator<string> {
  const sql = SQL("x.payload::text", "iso", `, coalesce(x.payload->'answers', '{}')::text, to_json(x.payload->>'comment')::text`);
  for await (const batch of copyArrays<[...ResponseRow<string>, answers: string, comment: string]>(sql, [study.id], BATCH)) {
    let out = "";
    for (const r of batch) {
      out +=
        `{"responseId":"${r[16]}","studyUnit":"${r[1]}","unitOrdinal":${r[3]},"contextId":"${r[4]}",` +
        `"questionId":${JSON.stringify(r[5])},"participant":${JSON.stringify(r[2])},` +
        `"externalSource":${JSON.stringify(r[6])},"externalId":${JSON.stringify(r[7])},` +
        `"group":${JSON.stringify(r[8])},"stage":${r[9]},"payload":${r[0]},"answers":${r[20]},` +
        `"comment":${r[21]},"valid":${r[17]},"invalidReason":${JSON.stringify(r[18])},"startedAt":${quotedOrNull(r[10])},"submittedAt":${quotedOrNull(r[11])},` +
        `"durationMs":${r[12] ?? "null"},"lease":{"assignmentId":"${r[13]}","leasedAt":${quotedOrNull(r[14])},` +
        `"expiresAt":${quotedOrNull(r[15])}},"idempotencyKey":${JSON.stringify(r[19])}}\n`;
    }
    yield out;
  }
}
