import { randomBytes } from "node:crypto";
import pg from "pg";
import { storeVerdicts } from "@/lib/datasets/verdicts";
import { fillAsTriggersWould } from "./backfill";

// Studies at scale for scripts/bench-dashboard.ts and scripts/bench-report.ts, written straight
// into PostgreSQL with generate_series (no app code): a generic dataset of `responses / 20`
// single-choice questions, and over it
//  - a validation study (unit = question, N = 20, one flag and the answer key: 3 option rows and
//    "broken" per question, so 5 checks per response), 1,000 participants;
//  - a baseline study (unit = question, N = 20) whose answers are scored (ScoredAnswer rows),
//    with 5 models' predictions on every question; 1,000 participants.
// Response k answers unit k / 20 as participant (k / 20 + 50 · (k mod 20)) mod 1000: twenty
// different people per unit. Votes and answers vary with k so that there are ties and errors.

export const MODELS = ["model-a", "model-b", "model-c", "model-d", "model-e"];
const N = 20;

export interface SeededStudies {
  validation: string;
  baseline: string;
}

async function study(client: pg.Client, ds: string, design: string, config: object): Promise<string> {
  const id = (await client.query<{ id: string }>(
    `INSERT INTO "Study" (id, "publicCode", name, design, "datasetId", "unitType", filter, n, "leaseMinutes", instructions, "entryMode", config, "completionCode", state, "updatedAt")
     VALUES (gen_random_uuid(), $2, $3, $3, $1, 'question', '{}', ${N}, 30, '', 'link', $4, 'DONE', 'closed', now()) RETURNING id`,
    [ds, randomBytes(6).toString("hex"), design, JSON.stringify(config)],
  )).rows[0]!.id;
  await client.query(
    `INSERT INTO "StudyUnit" (id, "studyId", "subjectKey", "contextId", "questionId", "questionIds", ordinal, tiebreak, "activeCount", capacity)
     SELECT gen_random_uuid(), $1, 'q:' || q.id, q."contextId", q.id, ARRAY[q.id], q."recordIndex", random(), ${N}, ${N} FROM "Question" q WHERE q."datasetId" = $2`,
    [id, ds],
  );
  await client.query(
    `INSERT INTO "Participant" (id, "studyId", pseudonym, "externalSource", "externalId", "externalMeta", "consentedAt")
     SELECT gen_random_uuid(), $1, 'P' || lpad(i::text, 4, '0'), 'prolific', md5(i::text), '{}', now() FROM generate_series(0, 999) i`,
    [id],
  );
  return id;
}

/** The plan of `responses` answers to a study: who answers which unit, when. */
async function plan(client: pg.Client, studyId: string, responses: number): Promise<void> {
  await client.query(`DROP TABLE IF EXISTS plan`);
  await client.query(
    `CREATE TEMP TABLE plan AS
     SELECT k, gen_random_uuid() AS "assignmentId", gen_random_uuid() AS "responseId", u.id AS "unitId", u."questionId", p.id AS "participantId",
            timestamptz '2026-11-01 09:00:00+00' + k * interval '10 milliseconds' AS at
     FROM generate_series(0, $2 - 1) k
     JOIN "StudyUnit" u ON u."studyId" = $1 AND u.ordinal = k / ${N}
     JOIN "Participant" p ON p."studyId" = $1 AND p.pseudonym = 'P' || lpad(((k / ${N} + 50 * (k % ${N})) % 1000)::text, 4, '0')`,
    [studyId, responses],
  );
  await client.query(
    `INSERT INTO "Assignment" (id, "studyId", "unitId", "participantId", status, "leasedAt", "expiresAt", "submittedAt", "endedAt")
     SELECT "assignmentId", $1, "unitId", "participantId", 'submitted', at - interval '20 seconds', at + interval '30 minutes', at, at FROM plan`,
    [studyId],
  );
}

export async function seedResultsStudies(url: string, responses: number): Promise<SeededStudies> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const questions = Math.ceil(responses / N);
  try {
    await client.query("BEGIN");
    // the rows are consistent by construction: skip the per-row foreign-key triggers (superuser only)
    await client.query("SET LOCAL session_replication_role = replica");
    const ds = (await client.query<{ id: string }>(
      `INSERT INTO "Dataset" (id, name, benchmark, "contentHash", "sourceFileName", container, layout, "sourceRecords", "contextCount", "questionCount", summary)
       VALUES (gen_random_uuid(), 'bench', 'generic', md5(random()::text), 'bench.jsonl', 'jsonl', '{}', $1, 1, $1, '{}') RETURNING id`,
      [questions],
    )).rows[0]!.id;
    const ctx = (await client.query<{ id: string }>(
      `INSERT INTO "Context" (id, "datasetId", "contentHash", kind, "defaultView", views)
       VALUES (gen_random_uuid(), $1, 'h', 'passage', 'text', '{"text":{"type":"passage","paragraphs":["A short passage."]}}') RETURNING id`,
      [ds],
    )).rows[0]!.id;
    await client.query(
      `INSERT INTO "Question" (id, "datasetId", "contextId", "recordIndex", position, "sourceId", kind, prompt, options, gold, scoring, tags, "groupKeys")
       SELECT gen_random_uuid(), $1, $2, i, 0, 'item-' || i, 'single_choice', 'Where will Sam look for the marble?', '["box","basket","bag"]',
              jsonb_build_object('kind', 'single_choice', 'index', i % 3), '{"type":"exact_option"}',
              jsonb_build_object('question_type', CASE WHEN i % 2 = 0 THEN 'belief' ELSE 'fact' END, 'order', i % 2 + 1), '{}'
       FROM generate_series(0, $3 - 1) i`,
      [ds, ctx, questions],
    );

    const validation = await study(client, ds, "validation", {
      contextChecks: { flags: [{ key: "odd", label: "Odd" }], comment: false },
      answerKey: true,
      labelJudgement: null,
      rule: { tiePolicy: "needs_review", llmJudge: null },
    });
    await plan(client, validation, responses);
    await client.query(
      `INSERT INTO "Response" (id, "studyId", "unitId", "assignmentId", "participantId", stage, payload, "idempotencyKey", "startedAt", "submittedAt", "durationMs")
       SELECT "responseId", $1, "unitId", "assignmentId", "participantId", 1,
              jsonb_build_object('answers', jsonb_build_object(
                'flag:odd', CASE WHEN k % 7 = 0 THEN 'yes' ELSE 'no' END,
                'q:' || "questionId" || ':opt:0', CASE WHEN k % 5 = 0 THEN 'no' ELSE 'yes' END,
                'q:' || "questionId" || ':opt:1', CASE WHEN k % 2 = 0 THEN 'no' ELSE 'yes' END,
                'q:' || "questionId" || ':opt:2', 'yes',
                'q:' || "questionId" || ':broken', CASE WHEN k % 11 = 0 THEN 'yes' ELSE 'no' END)),
              md5(k::text), at - interval '20 seconds', at, 20000 + k % 5000 FROM plan`,
      [validation],
    );

    const baseline = await study(client, ds, "baseline", { subsets: [] });
    await plan(client, baseline, responses);
    await client.query(
      `INSERT INTO "Response" (id, "studyId", "unitId", "assignmentId", "participantId", stage, payload, "idempotencyKey", "startedAt", "submittedAt", "durationMs")
       SELECT "responseId", $1, "unitId", "assignmentId", "participantId", 1,
              jsonb_build_object('answers', jsonb_build_object("questionId", (k % 3)::int)), md5(k::text), at - interval '20 seconds', at, 20000 + k % 5000 FROM plan`,
      [baseline],
    );
    await client.query(
      `INSERT INTO "ScoredAnswer" ("responseId", "questionId", "studyId", "assignmentId", "participantId", stage, correct, graded, normalized, ms)
       SELECT p."responseId", p."questionId", $1, p."assignmentId", p."participantId", 1, (p.k % 3) = (q.gold ->> 'index')::int, NULL, (p.k % 3)::text, 20000 + p.k % 5000
       FROM plan p JOIN "Question" q ON q.id = p."questionId"`,
      [baseline],
    );
    await client.query(
      `INSERT INTO "ModelPrediction" (id, "questionId", model, answer)
       SELECT gen_random_uuid(), q.id, m.model, to_jsonb((q."recordIndex" + m.i) % 3) FROM "Question" q CROSS JOIN unnest($2::text[]) WITH ORDINALITY AS m(model, i) WHERE q."datasetId" = $1`,
      [ds, MODELS],
    );
    // scored at import, as `sally import-predictions` does
    await storeVerdicts(client, ds);
    // what the triggers write beside each answer, which the replica role above also skipped
    await fillAsTriggersWould(client);
    await client.query("DROP TABLE plan");
    await client.query("COMMIT");
    await client.query("VACUUM ANALYZE");
    return { validation, baseline };
  } finally {
    await client.end();
  }
}
