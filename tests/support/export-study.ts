import type { Queryable } from "@/lib/db/queryable";

// Studies for pinning the exports' bytes: written straight into the tables with fixed ids and
// times, so every run of the export produces the same file. The values are the awkward ones a
// CSV, JSON or Parquet writer can get wrong: nulls, quotes, commas, CR/LF, tabs, non-ASCII text,
// cells that look like formulas, numbers given as text, excluded participants and voided leases,
// two stages, and a unit that asks a set of questions.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export const EXPORT_IDS = { baseline: id(100), validation: id(200), bulk: id(300) };

async function dataset(client: Queryable, n: number, questions: number): Promise<{ ds: string; ctx: string }> {
  const ds = id(n);
  const ctx = id(n + 1);
  await client.query(
    `INSERT INTO "Dataset" (id, name, benchmark, "contentHash", "sourceFileName", container, layout, "sourceRecords", "contextCount", "questionCount", summary)
     VALUES ($1, 'golden', 'generic', $2, 'golden.jsonl', 'jsonl', '{}', 1, 1, $3, '{}')`,
    [ds, `hash-${n}`, questions],
  );
  await client.query(
    `INSERT INTO "Context" (id, "datasetId", "contentHash", kind, title, "defaultView", views)
     VALUES ($1, $2, 'h', 'passage', $3, 'text', '{"text":{"type":"passage","paragraphs":["Sam puts the marble in the box."]}}')`,
    [ctx, ds, '=HYPERLINK("http://x.example","Story, one")'],
  );
  return { ds, ctx };
}

async function study(client: Queryable, sid: string, ds: string, design: string, unitType: string, config: unknown): Promise<void> {
  await client.query(
    `INSERT INTO "Study" (id, "publicCode", name, design, "datasetId", "unitType", filter, n, "leaseMinutes", instructions, "entryMode", config, "completionCode", state, "updatedAt")
     VALUES ($1, $2, 'golden', $3, $4, $5, '{}', 3, 30, '', 'link', $6, 'DONE', 'closed', timestamptz '2026-01-01 00:00:00+00')`,
    [sid, sid.slice(-12), design, ds, unitType, JSON.stringify(config)],
  );
}

interface Person {
  id: string;
  pseudonym: string;
  source: string | null;
  external: string | null;
  group: string | null;
  status: string;
  reason: string | null;
}

const PEOPLE = (base: number): Person[] => [
  { id: id(base + 10), pseudonym: "ann", source: "prolific", external: '=cmd|" /C calc"!A0', group: "g,1", status: "done", reason: null },
  { id: id(base + 11), pseudonym: 'Zoë "Z"', source: null, external: null, group: null, status: "excluded", reason: "too fast,\r\nflagged" },
  { id: id(base + 12), pseudonym: "@bob", source: "mturk", external: "-42", group: "ünï", status: "failed_attention", reason: null },
];

async function people(client: Queryable, sid: string, base: number): Promise<Person[]> {
  const list = PEOPLE(base);
  for (const p of list) {
    await client.query(
      `INSERT INTO "Participant" (id, "studyId", pseudonym, "externalSource", "externalId", "externalMeta", "group", status, "statusReason", "consentedAt")
       VALUES ($1, $2, $3, $4, $5, '{}', $6, $7, $8, timestamptz '2026-01-01 00:00:00+00')`,
      [p.id, sid, p.pseudonym, p.source, p.external, p.group, p.status, p.reason],
    );
  }
  return list;
}

interface Answer {
  n: number;
  unit: string;
  person: string;
  status: string;
  group: string | null;
  stage: number;
  payload: unknown;
  started: string | null;
  submitted: string;
  duration: number | null;
  key: string;
}

async function answer(client: Queryable, sid: string, a: Answer): Promise<string> {
  const assignment = id(a.n);
  const response = id(a.n + 1);
  // stage 2 shares the stage-1 lease: one assignment, two responses
  await client.query(
    `INSERT INTO "Assignment" (id, "studyId", "unitId", "participantId", status, "group", stage, "leasedAt", "expiresAt", "submittedAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz - interval '90 seconds', $8::timestamptz + interval '30 minutes', $8)
     ON CONFLICT ("unitId", "participantId") DO NOTHING`,
    [assignment, sid, a.unit, a.person, a.status, a.group, a.stage, a.submitted],
  );
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM "Assignment" WHERE "unitId" = $1 AND "participantId" = $2`, [a.unit, a.person]);
  await client.query(
    `INSERT INTO "Response" (id, "studyId", "unitId", "assignmentId", "participantId", stage, payload, "idempotencyKey", "startedAt", "submittedAt", "durationMs")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [response, sid, a.unit, rows[0]!.id, a.person, a.stage, JSON.stringify(a.payload), a.key, a.started, a.submitted, a.duration],
  );
  return response;
}

/** A human baseline whose one unit asks three questions (a question set), answered at two stages. */
export async function seedBaselineStudy(client: Queryable): Promise<string> {
  const sid = EXPORT_IDS.baseline;
  const { ds, ctx } = await dataset(client, 101, 3);
  const q = [id(110), id(111), id(112)];
  const tags = [{ order: 1, type: "first \"order\"" }, { order: 2, note: "línea\nnueva" }, {}];
  for (let i = 0; i < 3; i++) {
    await client.query(
      `INSERT INTO "Question" (id, "datasetId", "contextId", "recordIndex", position, "sourceId", kind, prompt, gold, scoring, tags, "groupKeys")
       VALUES ($1, $2, $3, 0, $4, $5, $6, 'Where will Sam look?', '{}', '{}', $7, '{}')`,
      [q[i], ds, ctx, i, ["=q1", "q,2", "q-3"][i], ["single_choice", "free_text", "multi_select"][i], JSON.stringify(tags[i])],
    );
  }
  await study(client, sid, ds, "baseline", "context", {});
  const unit = id(120);
  await client.query(
    `INSERT INTO "StudyUnit" (id, "studyId", "subjectKey", "contextId", "questionId", "questionIds", ordinal, tiebreak, "activeCount", capacity)
     VALUES ($1, $2, 'c:golden', $3, NULL, $4, 0, 0.5, 3, 3)`,
    [unit, sid, ctx, q],
  );
  const [ann, zoe, bob] = await people(client, sid, 100);
  const answers: [Answer, (string | number | boolean | null)[][]][] = [
    [
      { n: 130, unit, person: ann!.id, status: "submitted", group: null, stage: 1, started: "2026-03-01 12:00:00.123+00", submitted: "2026-03-01 12:01:30.5+00", duration: 90377, key: 'k"1',
        payload: { answers: { [q[0]!]: 2, [q[1]!]: 'He said "no", then\r\nleft 🙂', [q[2]!]: ["a", "b"] } } },
      [[q[0]!, "box", true, null, 1200], [q[1]!, "he said no then left", null, 0.25, null], [q[2]!, "a;b", false, 0.5, 40]],
    ],
    [
      { n: 132, unit, person: ann!.id, status: "submitted", group: null, stage: 2, started: null, submitted: "2026-03-01 12:02:00+00", duration: null, key: "k2",
        payload: { answers: { [q[0]!]: 1, [q[1]!]: "=1+1", [q[2]!]: [] }, comment: "=SUM(A1)" } },
      [[q[0]!, "basket", false, null, null], [q[1]!, "=1+1", null, null, 3]],
    ],
    [
      { n: 134, unit, person: zoe!.id, status: "excluded", group: 'grp "A"', stage: 1, started: "1999-12-31 23:59:59.999+00", submitted: "2000-01-01 00:00:00.001+00", duration: 2, key: "k,3",
        payload: { answers: { [q[0]!]: 0, [q[1]!]: "", [q[2]!]: null } } },
      [[q[0]!, "box", true, null, 2], [q[1]!, "", null, 0, null]],
    ],
    [
      { n: 136, unit, person: bob!.id, status: "expired", group: null, stage: 1, started: "2026-03-01 12:00:00+00", submitted: "2026-03-01 12:01:30.5+00", duration: -1, key: "\tk4",
        payload: { answers: { [q[0]!]: -3, [q[1]!]: "+ tab\there" } } },
      [[q[0]!, "-3", null, 1, 7]],
    ],
  ];
  for (const [a, scored] of answers) {
    const response = await answer(client, sid, a);
    // the raw answer in the scored export is read from the payload, so it is not stored here
    for (const [question, normalized, correct, graded, ms] of scored) {
      await client.query(
        `INSERT INTO "ScoredAnswer" ("responseId", "questionId", "studyId", "assignmentId", "participantId", stage, correct, graded, normalized, ms)
         SELECT $1, $2, $3, "assignmentId", "participantId", stage, $4, $5, $6, $7 FROM "Response" WHERE id = $1`,
        [response, question, sid, correct, graded, normalized, ms],
      );
    }
  }
  return sid;
}

/** A validation study: one unit per question, flags and an answer key, comments with every kind of awkward text. */
export async function seedValidationStudy(client: Queryable): Promise<string> {
  const sid = EXPORT_IDS.validation;
  const { ds, ctx } = await dataset(client, 201, 2);
  const q = [id(210), id(211)];
  for (let i = 0; i < 2; i++) {
    await client.query(
      `INSERT INTO "Question" (id, "datasetId", "contextId", "recordIndex", position, "sourceId", kind, prompt, options, gold, scoring, tags, "groupKeys")
       VALUES ($1, $2, $3, $4, 0, $5, 'single_choice', 'Where?', '["box","basket"]', '{"kind":"single_choice","value":0}', '{"type":"single_choice"}', '{}', '{}')`,
      [q[i], ds, ctx, i, ["item,1", "+item-2"][i]],
    );
  }
  const config = { contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }], comment: true }, answerKey: true, labelJudgement: null, rule: { tiePolicy: "needs_review", llmJudge: null } };
  await study(client, sid, ds, "validation", "question", config);
  const units = [id(220), id(221)];
  for (let i = 0; i < 2; i++) {
    await client.query(
      `INSERT INTO "StudyUnit" (id, "studyId", "subjectKey", "contextId", "questionId", "questionIds", ordinal, tiebreak, "activeCount", capacity)
       VALUES ($1, $2, $3, $4, $5, ARRAY[$5]::uuid[], $6, 0.5, 3, 3)`,
      [units[i], sid, `q:${q[i]}`, ctx, q[i], i],
    );
  }
  const [ann, zoe, bob] = await people(client, sid, 200);
  const comments = ["=SUM(1+1) reads fine", "-3", '+1 line\nline 2, "quoted", ünïcode ✓', "\tleading tab", "", "@mention\r\nsecond"];
  let n = 230;
  for (let u = 0; u < 2; u++) {
    for (const [i, person] of [ann!, zoe!, bob!].entries()) {
      const k = u * 3 + i;
      await answer(client, sid, {
        n: (n += 2),
        unit: units[u]!,
        person: person.id,
        status: ["submitted", "excluded", "returned"][i]!,
        group: null,
        stage: 1,
        started: k === 4 ? null : `2026-03-02 08:00:0${k}.${k}07+00`,
        submitted: `2026-03-02 09:00:0${k}+00`,
        duration: k === 2 ? null : 1000 * k,
        key: `v${k}`,
        payload: { answers: { "flag:incoherent": k % 2 ? "yes" : "no", [`q:${q[u]}:opt:0`]: k === 5 ? "no" : "yes" }, ...(k === 3 ? {} : { comment: comments[k] }) },
      });
    }
  }
  return sid;
}

/**
 * A validation study of `responses` generated responses (as the export bench writes them, with
 * ids and times derived from the row number): enough rows to cross many cursor batches.
 */
export async function seedBulkStudy(client: Queryable, responses: number): Promise<string> {
  const sid = EXPORT_IDS.bulk;
  const { ds, ctx } = await dataset(client, 301, responses);
  const units = Math.ceil(responses / 3);
  await client.query(
    `INSERT INTO "Question" (id, "datasetId", "contextId", "recordIndex", position, "sourceId", kind, prompt, gold, scoring, tags, "groupKeys")
     SELECT md5('q' || i)::uuid, $1, $2, i, 0, 'item-' || i, 'yes_no', 'Does Sam know?', '{"kind":"yes_no","value":"no"}', '{"type":"yes_no"}',
            jsonb_build_object('order', i % 2 + 1), '{}'
     FROM generate_series(0, $3 - 1) i`,
    [ds, ctx, units],
  );
  const config = { contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }], comment: true }, answerKey: false, labelJudgement: null, rule: { tiePolicy: "needs_review", llmJudge: null } };
  await study(client, sid, ds, "validation", "question", config);
  await client.query(
    `INSERT INTO "StudyUnit" (id, "studyId", "subjectKey", "contextId", "questionId", "questionIds", ordinal, tiebreak, "activeCount", capacity)
     SELECT md5('u' || q.id)::uuid, $1, 'q:' || q.id, q."contextId", q.id, ARRAY[q.id], q."recordIndex", 0.5, 3, 3 FROM "Question" q WHERE q."datasetId" = $2`,
    [sid, ds],
  );
  await client.query(
    `INSERT INTO "Participant" (id, "studyId", pseudonym, "externalSource", "externalId", "externalMeta", "consentedAt", status, "statusReason")
     SELECT md5('p' || i)::uuid, $1, 'P' || i, 'prolific', md5(i::text), '{}', timestamptz '2026-01-01 00:00:00+00',
            CASE WHEN i % 97 = 0 THEN 'excluded' ELSE 'done' END::"ParticipantStatus", CASE WHEN i % 97 = 0 THEN 'speeding, "fast"' END
     FROM generate_series(0, 99) i`,
    [sid],
  );
  // several responses share a submission time (ties are broken by the response id), and times keep their milliseconds
  const plan = `SELECT k, md5('a' || k)::uuid AS a, md5('r' || k)::uuid AS r, md5('u' || md5('q' || (k / 3))::uuid)::uuid AS u,
                       md5('q' || (k / 3))::uuid AS q, md5('p' || ((k / 3 + k % 3) % 100))::uuid AS p,
                       timestamptz '2026-11-01 09:00:00+00' + (k / 2) * interval '7 milliseconds' AS at
                FROM generate_series(0, $2 - 1) k`;
  await client.query(
    `INSERT INTO "Assignment" (id, "studyId", "unitId", "participantId", status, "leasedAt", "expiresAt", "submittedAt", "endedAt")
     SELECT a, $1, u, p, CASE WHEN k % 11 = 0 THEN 'expired' ELSE 'submitted' END::"AssignmentStatus", at - interval '20 seconds', at + interval '30 minutes', at, at FROM (${plan}) x`,
    [sid, responses],
  );
  await client.query(
    `INSERT INTO "Response" (id, "studyId", "unitId", "assignmentId", "participantId", stage, payload, "idempotencyKey", "startedAt", "submittedAt", "durationMs")
     SELECT r, $1, u, a, p, 1,
            jsonb_build_object('answers', jsonb_build_object('flag:incoherent', CASE WHEN k % 7 = 0 THEN 'yes' ELSE 'no' END),
                               'comment', CASE WHEN k % 5 = 0 THEN '=cmd, "' || k || E'"\\n' ELSE 'Reads fine ' || k END),
            md5(k::text), CASE WHEN k % 13 = 0 THEN NULL ELSE at - interval '20 seconds' END, at, CASE WHEN k % 17 = 0 THEN NULL ELSE 20000 + k % 5000 END
     FROM (${plan}) x`,
    [sid, responses],
  );
  await client.query(
    `INSERT INTO "ScoredAnswer" ("responseId", "questionId", "studyId", "assignmentId", "participantId", stage, correct, graded, normalized, ms)
     SELECT r, q, $1, a, p, 1, CASE WHEN k % 19 = 0 THEN NULL ELSE k % 7 <> 0 END, CASE WHEN k % 3 = 0 THEN (k % 10) / 10.0 END,
            CASE WHEN k % 7 = 0 THEN 'yes' ELSE 'no' END, CASE WHEN k % 23 = 0 THEN NULL ELSE 20000 + k % 5000 END FROM (${plan}) x`,
    [sid, responses],
  );
  return sid;
}
