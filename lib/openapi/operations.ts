import { download, json, noContent, PARTICIPANT, type OperationDoc } from "@/lib/openapi/responses";

// One entry per operation of every route under app/api, keyed "METHOD /api/path/{param}".
// Parameters, request bodies, auth and error answers come from the route's own declaration
// (route() in lib/http/route.ts); this table adds what a schema cannot say: a summary, success
// answers, downloads and raw bodies. tests/unit/openapi-drift.test.ts fails on an operation
// without an entry here, and on an entry without an operation.

const STUDY_EXPORTS = ["text/csv", "application/x-ndjson", "application/json", "application/vnd.apache.parquet", "application/zip", "image/svg+xml", "application/octet-stream"];

export const OPERATIONS: Record<string, OperationDoc> = {
  // account
  "POST /api/account/password": {
    summary: "Change my password",
    description:
      "Checks the current password under the sign-in throttle, then ends every session of the user, this one included (sign in again with the new password). API tokens keep working; revoke them separately. The `new password twice` check is the form's.",
    errors: [429],
  },
  "GET /api/tokens": { summary: "List my API tokens", responses: { 200: json("`{ tokens: [{ id, name, prefix, createdAt, lastUsedAt, revokedAt, expiresAt }] }`, newest first; never the token itself") } },
  "POST /api/tokens": {
    summary: "Create an API token",
    description: "Researchers and admins, at most 20 live tokens each. The answer carries the token (`secret`) this once: only its sha256 is stored.",
    responses: { 201: json("`{ token: { id, name, prefix, … }, secret: \"sally_<prefix>_<secret>\" }`") },
  },
  "DELETE /api/tokens/{id}": { summary: "Revoke one of my API tokens", description: "At once; the token stays listed, marked revoked. Revoking again changes nothing.", responses: { 200: json("`{ token }` with `revokedAt` set") } },

  // users
  "GET /api/admin/users": { summary: "List users", responses: { 200: json("`{ users: [{ id, email, name, role, active, createdAt }] }`") } },
  "POST /api/admin/users": { summary: "Create a user", responses: { 201: json("`{ user }`") } },
  "PATCH /api/admin/users/{id}": {
    summary: "Change a user's name, role, status or password",
    description: "Deactivating or setting a password ends the user's sessions; deactivating also stops their API tokens. Admins cannot deactivate or demote themselves (409).",
    responses: { 200: json("`{ user }`") },
  },

  // sign-in (next-auth)
  "GET /api/auth/{nextauth}": {
    summary: "next-auth's own endpoints (read)",
    description: "Handled by next-auth 4, not by Sally's route wrapper: `csrf`, `session`, `providers`, `signin`, `signout`, `error`. See next-auth's REST API documentation.",
    handler: { auth: "next-auth" },
    responses: { 200: json("next-auth's answer"), 302: noContent("a redirect to a sign-in page") },
  },
  "POST /api/auth/{nextauth}": {
    summary: "next-auth's own endpoints (sign in, sign out)",
    description:
      "Handled by next-auth 4: `callback/credentials` signs in (form fields `csrfToken`, `email`, `password`; throttled after failures), `signout` signs out. Form-encoded bodies with next-auth's CSRF token, not JSON.",
    handler: { auth: "next-auth" },
    requestBody: { content: { "application/x-www-form-urlencoded": { schema: { type: "object" } } } },
    responses: { 200: json("next-auth's answer (with `json=true`)"), 302: noContent("a redirect, with the session cookie set on success") },
  },

  // datasets
  "GET /api/datasets": { summary: "List the datasets I may read", description: "Your own, those shared with you, and for admins all.", responses: { 200: json("`{ datasets: [...] }`") } },
  "POST /api/datasets/import": {
    summary: "Import a benchmark file",
    description: "The body is the raw file (at most `UPLOAD_MAX_BYTES`; bigger files go through the CLI). All or nothing: a refused file leaves no rows.",
    requestBody: { required: true, description: "the file's bytes", content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } } },
    responses: {
      200: {
        description: "NDJSON streamed while the import runs: `progress` lines, then one `done` line with the summary, or one `error` line with a problem and its issues",
        content: { "application/x-ndjson": { schema: { type: "string", contentMediaType: "application/x-ndjson" } } },
      },
    },
    errors: [413],
  },
  "GET /api/datasets/{id}": { summary: "A dataset, with its tags and models", responses: { 200: json("`{ dataset, tags, models }`") } },
  "DELETE /api/datasets/{id}": { summary: "Delete a dataset", description: "Refused (409) while a study uses it.", responses: { 204: noContent("deleted") } },
  "PATCH /api/datasets/{id}": { summary: "Set a dataset's licence", description: "Carried into the dataset card of a study's release.", responses: { 200: json("`{ dataset }`") } },
  "GET /api/datasets/{id}/export": {
    summary: "Export a dataset",
    description: "Streamed. `source` is the benchmark's own format (byte-identical when unfiltered).",
    parameters: [
      {
        name: "where",
        in: "query",
        description: "`tag=value`, repeatable: keeps the records with a matching question (values of one tag are alternatives, different tags must all match)",
        schema: { type: "array", items: { type: "string" } },
        style: "form",
        explode: true,
      },
    ],
    responses: { 200: download("the dataset file", ["application/json", "application/x-ndjson", "text/csv", "application/octet-stream"]) },
  },
  "GET /api/datasets/{id}/shares": { summary: "Whom a dataset is shared with", responses: { 200: json("`{ sharedWithAll, shares: [...] }`") } },
  "POST /api/datasets/{id}/shares": { summary: "Share a dataset with a researcher", responses: { 201: json("`{ share }`, newly shared"), 200: json("`{ share }`, already shared") } },
  "PATCH /api/datasets/{id}/shares": { summary: "Share a dataset with every researcher, or stop" },
  "DELETE /api/datasets/{id}/shares/{userId}": { summary: "Stop sharing a dataset with a researcher", responses: { 204: noContent("revoked (also when there was nothing to revoke)") } },
  "POST /api/datasets/{id}/tags": { summary: "Tag questions from a CSV", description: "`csv` holds `questionId,tag,value` lines (a header, then one tag per line). All or nothing: answers `{ questions, rows, tags }`, or 422 with `issues` (`record`, `line`, `path`, `message`; the first 50) and `total` when rows are invalid or name questions of another dataset." },

  // studies
  "GET /api/studies": { summary: "List studies", description: "Your own; admins all.", responses: { 200: json("`{ studies: [...] }`") } },
  "POST /api/studies": { summary: "Create a study", description: "The body is a study spec, the one `sally study create --spec` reads: the shared fields below, and the design's own `config` (validation: `contextChecks`, `answerKey`, `labelJudgement`, `rule`; baseline: `subsets`; checklist: `checklists`; rating: `models`, `scale`, `penalties`). docs/study-spec.md in the repository has an example per design; a study's **Show as spec** prints any study as one. Also accepted, as the form sends them: `datasetId` for `dataset`, `unitType` for `unit`, and the design's config fields at the top level instead of under `config`. Any other field is refused under its own name (422).", responses: { 201: json("`{ study }`") } },
  "POST /api/studies/plan": { summary: "Plan a study without creating it", responses: { 200: json("`{ plan }`: units, answers and participants needed, short strata") } },
  "GET /api/studies/{id}": { summary: "A study", responses: { 200: json("`{ study }`") } },
  "PATCH /api/studies/{id}": { summary: "Change a study's settings", description: "Unit-changing fields are refused (409) once the study has answers. Shared settings (view, groups, stages…) go under `settings`, a design's own under `config`; any other field is refused under its own name (422), and the dataset and design never change.", responses: { 200: json("`{ study }`") } },
  "POST /api/studies/{id}/state": { summary: "Open, pause or close a study", responses: { 200: json("`{ study }`") } },
  "GET /api/studies/{id}/results": {
    summary: "A study's results",
    description:
      "The summary: progress, decisions, agreement, accuracy tables, models, groups × stages. The per-unit and per-participant tables are paged (`/units`, `/participants`); `tables` says how long each is. `aggregation=dawid-skene` decides validation units by Dawid–Skene instead of the majority (a full computation over every vote). Every figure can be recomputed from the raw responses export.",
  },
  "GET /api/studies/{id}/units": {
    summary: "A page of a study's units",
    description: "Each unit's votes per check and its decision (vote-based designs; others have none). `status` filters by decision, `ties=1` keeps units with a tied check; `sort` is ordinal, title, submitted or status.",
    responses: { 200: json("`{ items: [{ unitId, ordinal, title, submitted, live, checks, decision }], total, page, pageSize }`") },
  },
  "GET /api/studies/{id}/participants": {
    summary: "A page of a study's participants",
    description: "Units done and median seconds at the final stage, with the design's own figures: agreement with the others' majority (validation), scored answers and accuracy (baselines).",
    responses: { 200: json("`{ items: [{ participantId, pseudonym, externalId, units, medianSeconds, … }], total, page, pageSize }`") },
  },
  "GET /api/studies/{id}/quality": {
    summary: "Annotator quality",
    description: "Per participant: agreement with the others' majority and the units it rests on, gold accuracy, failed attention checks, median time, pastes, focus losses, near-duplicate comments, and a confusion matrix (majority or Dawid–Skene). Signals, not verdicts.",
    responses: { 200: json("`{ rows: [...], studyMedianSeconds, policy, policyChanges }`") },
  },
  "POST /api/studies/{id}/participants/{participantId}/exclusion": {
    summary: "Exclude a participant",
    description: "With a required reason, audited: their answers are voided, their units reopened, and the study's declared policy applied again.",
    responses: { 201: json("`{ reopened, policyExcluded }`: units reopened, and participants the policy then excluded") },
  },
  "GET /api/studies/{id}/groups": { summary: "Fill per group", description: "Per group: capacity, submitted, live and units still short; the participants the study could not serve (`unserved`, among the first `probedOnly` idle ones when that is not null), and how many the screener put in no group (`screenedOut`).", responses: { 200: json("`{ groups: [...], unserved, screenedOut, probedOnly }`") } },
  "GET /api/studies/{id}/timeline": {
    summary: "A study's progress and agreement over time",
    description:
      "Valid answers, participants and units completed per UTC bucket (`hour`, `day`, `week`, or `auto`: the finest that keeps the span readable; 422 past 2000 buckets), and for vote-based designs the cumulative percent agreement and Krippendorff's α per check family up to each bucket's end (the last point is the agreement table's figure).",
    responses: { 200: json("`{ bucket, stage, n, units, points: [{ start, answers, participants, unitsCompleted, complete }], agreement: [{ check, label, points: [{ start, items, percentAgreement, krippendorffAlpha }] }] }`") },
  },
  "GET /api/studies/{id}/export": {
    summary: "Export a study",
    description:
      "Each study has the formats its design and settings produce, the ones its page lists; any other answers 404. Every study: `release` (zip for the Hugging Face Hub), `responses-csv` / `responses-parquet` / `responses-jsonl` (raw answers, long format), `manifest`. Designs that decide on units (validation, checklist review): `validated` (the dataset in its own format minus dropped records; 409 `nothing_kept` while nothing is kept) and `decisions-csv` / `decisions-parquet`. Human baselines: `scored-csv` / `scored-parquet`. Response rating: `ratings-csv`, `correlations-csv`, `scatter-svg`. Studies with a bonus rule: `bonus-csv` (Prolific bulk bonus).",
    responses: { 200: download("the export file", STUDY_EXPORTS) },
  },
  "GET /api/studies/{id}/adjudications": { summary: "A study's adjudication history", responses: { 200: json("`{ history: [...] }`") } },
  "POST /api/studies/{id}/adjudications": { summary: "Decide a unit", description: "Overrides the aggregation for one unit and check; audited.", responses: { 201: json("`{ adjudication }`") } },

  // participants
  "POST /api/s/{code}/consent": { summary: "Record the participant's consent", security: PARTICIPANT, errors: [401, 409] },
  "GET /api/s/{code}/next": { summary: "The participant's current unit, or the next one, or done", description: "The same unit after a refresh. Never carries gold answers or other participants' answers.", security: PARTICIPANT, errors: [401, 409] },
  "POST /api/s/{code}/renew": {
    summary: "More time on the held unit",
    description: "Pushes the lease's expiry out to the study's lease length from now (never earlier), as often as asked, while the lease is the participant's and still live. 409 `not_leased`, `lease_expired`, `already_submitted`, `returned`.",
    security: PARTICIPANT,
    errors: [401, 409],
    responses: { 200: json("`{ expiresAt, expiresInMs }`: the lease's new end (ISO time) and the time left as the server counts it") },
  },
  "POST /api/s/{code}/screener": {
    summary: "Answer the screener",
    description: "Before the first unit of a study with groups. Fixed once the first unit is leased (409 `screener_locked`).",
    security: PARTICIPANT,
    errors: [401, 409],
    responses: { 200: json("`{ status: \"active\" | \"screened_out\" }`") },
  },
  "POST /api/s/{code}/return": { summary: "Give a unit back", security: PARTICIPANT, errors: [401, 409] },
  "POST /api/s/{code}/stop": { summary: "Stop here", description: "Releases the participant's leases at once; submitted answers are kept.", security: PARTICIPANT, errors: [401, 409] },
  "POST /api/s/{code}/submit": {
    summary: "Submit an answer",
    description: "Idempotent: a retry with the same `idempotencyKey` returns the stored response.",
    security: PARTICIPANT,
    errors: [401, 409],
    responses: { 201: json("`{ responseId, duplicate: false, feedback? }`"), 200: json("`{ responseId, duplicate: true }`: a retry") },
  },

  // platforms
  "POST /api/webhooks/prolific/{code}": {
    summary: "Prolific's status updates for one study",
    description:
      "Signed by Prolific: `X-Prolific-Request-Timestamp` and `X-Prolific-Request-Signature` (HMAC-SHA256 with `PROLIFIC_WEBHOOK_SECRET`); unsigned or wrongly signed calls get 401. 404 when the webhook is not configured.",
    requestBody: { required: true, description: "Prolific's event, read raw so the signature can be checked", content: { "application/json": { schema: { type: "object" } } } },
    errors: [401, 422],
  },

  // service
  "GET /api/health": {
    summary: "Health",
    handler: { auth: "public" },
    responses: { 200: json('`{ "status": "ok", "db": "ok" }`'), 503: json('`{ "status": "degraded", "db": "down" }`') },
  },
  "GET /api/openapi.json": {
    summary: "This document",
    description: "OpenAPI 3.1, generated from the routes' zod schemas. Public: it describes the API and holds no secrets.",
    responses: { 200: json("the OpenAPI document"), 304: noContent("unchanged since the `If-None-Match` ETag") },
  },
};

/** Tags, by path prefix (the first that matches). */
export const TAGS: { name: string; description: string; prefixes: string[] }[] = [
  { name: "Account", description: "Your own password and API tokens (browser session only).", prefixes: ["/api/account", "/api/tokens"] },
  { name: "Datasets", description: "Imported benchmark files: browse, share, export.", prefixes: ["/api/datasets"] },
  { name: "Studies", description: "Study set-up, state, results, adjudication and exports.", prefixes: ["/api/studies"] },
  { name: "Participants", description: "What a participant's page calls (participant cookie, no account).", prefixes: ["/api/s/"] },
  { name: "Users", description: "User administration (admins, browser session only).", prefixes: ["/api/admin/users"] },
  { name: "Sign-in", description: "next-auth's endpoints.", prefixes: ["/api/auth"] },
  { name: "Platforms", description: "Calls from crowdsourcing platforms.", prefixes: ["/api/webhooks"] },
  { name: "Service", description: "Health and this document.", prefixes: ["/api/health", "/api/openapi.json"] },
];
