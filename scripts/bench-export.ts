// `npm run bench:export [-- --sizes 100000,1000000 --runs 3 --formats responses-csv,… --young MB --keep | --database URL]`: for each size, a
// validation study with that many responses is written straight into a fresh PostgreSQL database (SQL
// generate_series, no app code), then each export format is streamed, every time in its own child
// process (so its peak RSS is that export's own), through the same generator functions and the same
// download wrapper (`downloadResponse`) the export route uses, into a file. The last line is one JSON
// object with every run. `--keep` keeps each seeded database (and so its server: set SALLY_TEST_PG_PORT
// or TEST_DATABASE_URL) and prints its URL; `--database URL` measures on such a database again.
import { spawnSync } from "node:child_process";
import { SERVER_NODE_FLAGS } from "@/lib/runtime/node-flags";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, readFileSync, unlinkSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { z } from "zod";
import { closePool, pool } from "@/lib/db/pool";
import { downloadResponse } from "@/lib/http/stream";
import { readStudy } from "@/lib/studies/study";
import { EXPORT_STREAMS, type StreamFormat } from "@/lib/studies/exports/streams";
import { fillAsTriggersWould } from "../tests/support/backfill";
import { createMigratedDatabase, dropDatabase, startTestServer } from "../tests/support/test-postgres";
import { median } from "./median";

const OUT = path.resolve("bench-out");
const FORMATS = Object.keys(EXPORT_STREAMS) as StreamFormat[];

const Args = z.object({
  sizes: z
    .string()
    .default("100000,1000000")
    .transform((s) => s.split(",").map((n) => z.coerce.number().int().min(10).parse(n.trim()))),
  runs: z.coerce.number().int().min(1).max(10).default(3),
  formats: z
    .string()
    .default(FORMATS.join(","))
    .transform((s) => s.split(",").map((f) => z.enum(FORMATS as [StreamFormat, ...StreamFormat[]]).parse(f.trim()))),
  child: z.boolean().default(false),
  keep: z.boolean().default(false),
  database: z.string().url().optional(),
  // the young generation of each export's process, in MB (default: what `npm start` gives the web server)
  young: z.coerce.number().int().min(1).max(1024).optional(),
});


/**
 * A validation study over a generic dataset (one question per unit, N = 3, 1,000 participants)
 * with `responses` submitted responses: each answers one flag and leaves a short comment, so the
 * long CSV has one row per response. Every response also has a scored answer, so the scored
 * export reads as many rows (a validation study has none; the rows are there to time the path).
 */
async function seed(url: string, responses: number): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const units = Math.ceil(responses / 3);
  const config = { contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }], comment: true }, answerKey: false, labelJudgement: null, rule: { tiePolicy: "needs_review", llmJudge: null } };
  try {
    await client.query("BEGIN");
    // the rows are consistent by construction: the triggers (foreign keys, votes and tallies, row by
    // row or a unit at a time) are off, and what they would write is filled in at the end (superuser only)
    await client.query("SET LOCAL session_replication_role = replica");
    const ds = (await client.query<{ id: string }>(
      `INSERT INTO "Dataset" (id, name, benchmark, "contentHash", "sourceFileName", container, layout, "sourceRecords", "contextCount", "questionCount", summary)
       VALUES (gen_random_uuid(), 'bench', 'generic', md5(random()::text), 'bench.jsonl', 'jsonl', '{}', $1, 1, $1, '{}') RETURNING id`,
      [units],
    )).rows[0]!.id;
    const ctx = (await client.query<{ id: string }>(
      `INSERT INTO "Context" (id, "datasetId", "contentHash", kind, "defaultView", views)
       VALUES (gen_random_uuid(), $1, 'h', 'passage', 'text', '{"text":{"type":"passage","paragraphs":["A short passage."]}}') RETURNING id`,
      [ds],
    )).rows[0]!.id;
    await client.query(
      `INSERT INTO "Question" (id, "datasetId", "contextId", "recordIndex", position, "sourceId", kind, prompt, gold, scoring, tags, "groupKeys")
       SELECT gen_random_uuid(), $1, $2, i, 0, 'item-' || i, 'yes_no', 'Does Sam know where the marble is?', '{"kind":"yes_no","value":"no"}',
              '{"type":"yes_no"}', jsonb_build_object('question_type', 'belief', 'order', i % 2 + 1), '{}'
       FROM generate_series(0, $3 - 1) i`,
      [ds, ctx, units],
    );
    const study = (await client.query<{ id: string }>(
      `INSERT INTO "Study" (id, "publicCode", name, design, "datasetId", "unitType", filter, n, "leaseMinutes", instructions, "entryMode", config, "completionCode", state, "updatedAt")
       VALUES (gen_random_uuid(), $2, 'bench', 'validation', $1, 'question', '{}', 3, 30, '', 'link', $3, 'DONE', 'closed', now()) RETURNING id`,
      [ds, randomBytes(6).toString("hex"), JSON.stringify(config)],
    )).rows[0]!.id;
    await client.query(
      `INSERT INTO "StudyUnit" (id, "studyId", "subjectKey", "contextId", "questionId", "questionIds", ordinal, tiebreak, "activeCount", capacity)
       SELECT gen_random_uuid(), $1, 'q:' || q.id, q."contextId", q.id, ARRAY[q.id], q."recordIndex", random(), 3, 3 FROM "Question" q WHERE q."datasetId" = $2`,
      [study, ds],
    );
    await client.query(
      `INSERT INTO "Participant" (id, "studyId", pseudonym, "externalSource", "externalId", "externalMeta", "consentedAt")
       SELECT gen_random_uuid(), $1, 'P' || i, 'prolific', md5(i::text), '{}', now() FROM generate_series(0, 999) i`,
      [study],
    );
    // response k answers unit k / 3 as participant (k / 3 + k % 3) % 1000: three different people per unit
    await client.query(
      `CREATE TEMP TABLE plan ON COMMIT DROP AS
       SELECT k, gen_random_uuid() AS "assignmentId", gen_random_uuid() AS "responseId", u.id AS "unitId", u."questionId", p.id AS "participantId",
              timestamptz '2026-11-01 09:00:00+00' + k * interval '10 milliseconds' AS at
       FROM generate_series(0, $2 - 1) k
       JOIN "StudyUnit" u ON u."studyId" = $1 AND u.ordinal = k / 3
       JOIN "Participant" p ON p."studyId" = $1 AND p.pseudonym = 'P' || ((k / 3 + k % 3) % 1000)`,
      [study, responses],
    );
    await client.query(
      `INSERT INTO "Assignment" (id, "studyId", "unitId", "participantId", status, "leasedAt", "expiresAt", "submittedAt", "endedAt")
       SELECT "assignmentId", $1, "unitId", "participantId", 'submitted', at - interval '20 seconds', at + interval '30 minutes', at, at FROM plan`,
      [study],
    );
    await client.query(
      `INSERT INTO "Response" (id, "studyId", "unitId", "assignmentId", "participantId", stage, payload, "idempotencyKey", "startedAt", "submittedAt", "durationMs")
       SELECT "responseId", $1, "unitId", "assignmentId", "participantId", 1,
              jsonb_build_object('answers', jsonb_build_object('flag:incoherent', CASE WHEN k % 7 = 0 THEN 'yes' ELSE 'no' END), 'comment', 'Reads fine ' || k),
              md5(k::text), at - interval '20 seconds', at, 20000 + k % 5000 FROM plan`,
      [study],
    );
    await client.query(
      `INSERT INTO "ScoredAnswer" ("responseId", "questionId", "studyId", "assignmentId", "participantId", stage, correct, graded, normalized, ms)
       SELECT "responseId", "questionId", $1, "assignmentId", "participantId", 1, k % 7 <> 0, NULL, CASE WHEN k % 7 = 0 THEN 'yes' ELSE 'no' END, 20000 + k % 5000 FROM plan`,
      [study],
    );
    await fillAsTriggersWould(client);
    await client.query("COMMIT");
    await client.query("VACUUM ANALYZE");
    return study;
  } finally {
    await client.end();
  }
}

/** One export streamed to a file, as the route streams it; prints rows, bytes, seconds and peak RSS. */
async function child(format: StreamFormat, studyId: string, file: string): Promise<void> {
  const study = (await readStudy(pool(), { id: studyId }))!;
  const t0 = performance.now();
  const response = downloadResponse(EXPORT_STREAMS[format](study), "x", "application/octet-stream");
  const out = createWriteStream(file);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  const seconds = (performance.now() - t0) / 1000;
  await closePool();
  const maxRssMB = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ rows: await countRows(format, file), bytes, seconds, maxRssMB }));
}

/** Data rows in the written file: lines (less the CSV header), or the Parquet footer's count. */
async function countRows(format: StreamFormat, file: string): Promise<number> {
  if (format.endsWith("-parquet")) {
    const { parquetMetadata } = await import("hyparquet");
    const buf = readFileSync(file);
    return Number(parquetMetadata(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength)).num_rows);
  }
  let lines = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return format.endsWith("-csv") ? lines - 1 : lines;
}

interface Run {
  rows: number;
  bytes: number;
  seconds: number;
  maxRssMB: number;
}

interface Result {
  size: number;
  format: StreamFormat;
  rows: number;
  megabytes: number;
  seconds: number;
  rowsPerSec: number;
  maxRssMB: number;
  runs: Run[];
}

/** Every format, --runs times each, each run in its own process on this database. */
function measure(url: string, studyId: string, size: number, args: z.infer<typeof Args>): Result[] {
  const results: Result[] = [];
  const nodeFlags = args.young ? [`--max-semi-space-size=${args.young}`] : SERVER_NODE_FLAGS;
  for (const format of args.formats) {
    const runs: Run[] = [];
    for (let i = 0; i < args.runs; i++) {
      const file = path.join(OUT, `export-${size}.${format}`);
      const run = spawnSync(process.execPath, [...nodeFlags, "--import", "tsx", "scripts/bench-export.ts", "--child", format, studyId, file], {
        env: { ...process.env, DATABASE_URL: url },
        encoding: "utf8",
      });
      if (run.status !== 0) throw new Error(`${format} at ${size} failed:\n${run.stderr}`);
      runs.push(JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Run);
      unlinkSync(file);
    }
    const seconds = median(runs.map((r) => r.seconds));
    const rows = runs[0]!.rows;
    const result = { size, format, rows, megabytes: +(runs[0]!.bytes / 1024 / 1024).toFixed(1), seconds: +seconds.toFixed(2), rowsPerSec: Math.round(rows / seconds), maxRssMB: Math.round(median(runs.map((r) => r.maxRssMB))), runs };
    console.error(`${String(size).padStart(8)}  ${format.padEnd(18)} ${String(result.rowsPerSec).padStart(9)} rows/s  ${String(result.maxRssMB).padStart(5)} MB peak RSS`);
    results.push(result);
  }
  return results;
}

/** The bench study of a database seeded by an earlier `--keep` run, and its number of responses. */
async function seeded(url: string): Promise<{ studyId: string; size: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; n: number }>(`SELECT s.id, (SELECT count(*)::int FROM "Response" r WHERE r."studyId" = s.id) AS n FROM "Study" s WHERE s.name = 'bench'`);
    if (!rows[0]) throw new Error(`${url} holds no bench study`);
    return { studyId: rows[0].id, size: rows[0].n };
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { sizes: { type: "string" }, runs: { type: "string" }, formats: { type: "string" }, child: { type: "boolean" }, keep: { type: "boolean" }, database: { type: "string" }, young: { type: "string" } },
  });
  const args = Args.parse(values);
  if (args.child) return child(positionals[0] as StreamFormat, positionals[1]!, positionals[2]!);
  mkdirSync(OUT, { recursive: true });
  const results: Result[] = [];
  if (args.database) {
    // measure again on a database an earlier --keep run seeded (e.g. the code before and after a change)
    const { studyId, size } = await seeded(args.database);
    results.push(...measure(args.database, studyId, size, args));
  } else {
    const server = await startTestServer();
    try {
      for (const size of args.sizes) {
        const db = `sally_bench_export_${size}_${randomBytes(4).toString("hex")}`;
        const url = await createMigratedDatabase(server.adminUrl, db);
        const t0 = performance.now();
        const studyId = await seed(url, size);
        console.error(`seeded ${size.toLocaleString()} responses in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        results.push(...measure(url, studyId, size, args));
        if (args.keep) console.error(`kept: --database ${url}`);
        else await dropDatabase(server.adminUrl, db);
      }
    } finally {
      // a kept database needs its server kept too: SALLY_TEST_PG_PORT or TEST_DATABASE_URL
      if (!args.keep) await server.stop();
    }
  }
  console.log(`\nmedians of ${args.runs} run(s), each in its own process`);
  console.log("responses   format               rows      MB   seconds     rows/s   peak RSS MB");
  for (const r of results) {
    const cells = [r.rows, r.megabytes, r.seconds.toFixed(2), r.rowsPerSec, r.maxRssMB];
    console.log(String(r.size).padEnd(12) + r.format.padEnd(16) + cells.map((c, i) => String(c).padStart([10, 8, 10, 11, 14][i]!)).join(""));
  }
  console.log(JSON.stringify({ node: process.version, results }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
