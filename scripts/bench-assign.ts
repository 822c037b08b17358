// `npm run bench:assign -- [--json] [--participants 200] [--units 5000] [--n 3] [--think-ms 2000]`
// Drives the real HTTP endpoints of a production build: participants enter through the study
// link, then loop next-unit + submit until nothing is left. Participants are people: between
// units each pauses --think-ms on average (uniform 0.5–1.5×; real annotators take far longer),
// so the latency figures are those of 200 people working at once; `--think-ms 0` instead keeps
// 200 requests in flight all the time, a saturation test of throughput. The last line is JSON:
// {"participants","units","n","p50Ms","p95Ms","submitsPerSec","overAssigned","duplicateAssignments"}.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { z } from "zod";
import { importDataset } from "@/lib/datasets/import";
import { db, disconnectDb } from "@/lib/db/client";
import { closePool } from "@/lib/db/pool";
import { buildIsCurrent, recordBuild } from "@/lib/runtime/build-stamp";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { createUser } from "@/lib/users/service";
import { createMigratedDatabase, dropDatabase, startTestServer } from "../tests/support/test-postgres";

const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    participants: { type: "string", default: "200" },
    units: { type: "string", default: "5000" },
    n: { type: "string", default: "3" },
    "think-ms": { type: "string", default: "2000" },
    port: { type: "string", default: "3200" },
  },
});
const opts = z
  .object({ participants: z.coerce.number().int().min(1), units: z.coerce.number().int().min(1), n: z.coerce.number().int().min(1), thinkMs: z.coerce.number().min(0), port: z.coerce.number().int() })
  .parse({ ...values, thinkMs: values["think-ms"] });
const base = `http://127.0.0.1:${opts.port}`;
const log = (line: string) => process.stderr.write(`${line}\n`);

async function setUp(url: string) {
  process.env.DATABASE_URL = url;
  const owner = await createUser({ actorId: null, input: { email: "bench@x.test", name: "Bench", role: "researcher", password: "bench-password-1" } });
  const file = path.join(os.tmpdir(), `bench-assign-${process.pid}.jsonl`);
  const lines = Array.from({ length: opts.units }, (_, i) =>
    JSON.stringify({
      id: `u${i}`,
      context: { type: "passage", paragraphs: [`Passage number ${i}. ${randomBytes(8).toString("hex")}`] },
      questions: [{ kind: "yes_no", prompt: "Is it fine?", answer: "yes" }],
    }),
  );
  writeFileSync(file, lines.join("\n") + "\n");
  const ds = await importDataset({ file, benchmark: "generic", ownerId: owner.id });
  const actor = { id: owner.id, role: owner.role };
  const config = { contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }], comment: false } };
  const study = await createStudy({
    actor,
    spec: parseSpec({ name: "bench", dataset: ds.datasetId, design: "validation", unit: "context", n: opts.n, entryMode: "prolific", config }),
  });
  await changeStudyState({ actor, studyId: study.id, to: "open" });
  const { publicCode } = await db().study.findUniqueOrThrow({ where: { id: study.id }, select: { publicCode: true } });
  await disconnectDb();
  await closePool();
  return { studyId: study.id, publicCode };
}

async function participant(code: string, i: number, latencies: number[], limit = Infinity): Promise<number> {
  const entry = await fetch(`${base}/s/${code}?PROLIFIC_PID=bench${i}&STUDY_ID=b&SESSION_ID=s${i}`, { redirect: "manual" });
  const cookie = entry.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const headers = { cookie, "content-type": "application/json" };
  const consent = await fetch(`${base}/api/s/${code}/consent`, { method: "POST", headers, body: JSON.stringify({ consent: true }) });
  if (!consent.ok) throw new Error(`consent failed: ${consent.status} ${await consent.text()}`);
  let done = 0;
  for (;;) {
    const t0 = performance.now();
    const next = await fetch(`${base}/api/s/${code}/next`, { headers });
    const body = (await next.json()) as { status: string; unit?: { assignmentId: string } };
    if (!next.ok) throw new Error(`next failed: ${next.status} ${JSON.stringify(body)}`);
    if (body.status === "done" || done >= limit) return done;
    const submit = await fetch(`${base}/api/s/${code}/submit`, {
      method: "POST",
      headers,
      body: JSON.stringify({ assignmentId: body.unit!.assignmentId, idempotencyKey: randomUUID(), payload: { answers: { "flag:incoherent": Math.random() < 0.1 ? "yes" : "no" } }, durationMs: 1 }),
    });
    if (submit.status !== 201) throw new Error(`submit failed: ${submit.status} ${await submit.text()}`);
    await submit.arrayBuffer();
    latencies.push(performance.now() - t0);
    done++;
    if (opts.thinkMs) await new Promise((r) => setTimeout(r, opts.thinkMs * (0.5 + Math.random())));
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const server = await startTestServer();
  const dbName = `sally_bench_${randomBytes(4).toString("hex")}`;
  const url = await createMigratedDatabase(server.adminUrl, dbName);
  log(`setting up ${opts.units} units…`);
  const { studyId, publicCode } = await setUp(url);
  const env = { ...process.env, DATABASE_URL: url, NEXTAUTH_SECRET: "bench-secret-bench-secret-bench", NEXTAUTH_URL: base, NEXT_TELEMETRY_DISABLED: "1", DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? "20", LOG_LEVEL: "warn" };
  const next = "node_modules/next/dist/bin/next";
  if (!buildIsCurrent()) {
    log("building…");
    if (spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env }).status !== 0) throw new Error("build failed");
    recordBuild();
  }
  // BENCH_APP_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") go to the app server's node only
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const app = spawn(process.execPath, [...nodeArgs, next, "start", "-p", String(opts.port)], { env, stdio: ["ignore", "ignore", "inherit"] });
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
      if (ok) break;
      if (i > 300) throw new Error("the app did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
    // warm the routes once so compilation-free start-up costs are not measured
    await participant(publicCode, -1, [], 3).catch(() => 0);
    await resetStudy(url, studyId);

    log(`running ${opts.participants} participants…`);
    const latencies: number[] = [];
    const t0 = performance.now();
    const done = await Promise.all(Array.from({ length: opts.participants }, (_, i) => participant(publicCode, i, latencies)));
    const seconds = (performance.now() - t0) / 1000;
    const submits = done.reduce((a, b) => a + b, 0);
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const over = await check.query(
      `SELECT count(*)::int AS n FROM (SELECT r."unitId" FROM "Response" r WHERE r."studyId" = $1 GROUP BY r."unitId" HAVING count(*) > $2) x`,
      [studyId, opts.n],
    );
    const dup = await check.query(
      `SELECT count(*)::int AS n FROM (SELECT "unitId", "participantId" FROM "Assignment" WHERE "studyId" = $1 GROUP BY 1, 2 HAVING count(*) > 1) x`,
      [studyId],
    );
    await check.end();
    const sorted = [...latencies].sort((a, b) => a - b);
    const result = {
      participants: opts.participants,
      units: opts.units,
      n: opts.n,
      p50Ms: Number(percentile(sorted, 50).toFixed(1)),
      p95Ms: Number(percentile(sorted, 95).toFixed(1)),
      submitsPerSec: Number((submits / seconds).toFixed(1)),
      overAssigned: over.rows[0].n as number,
      duplicateAssignments: dup.rows[0].n as number,
    };
    if (!values.json) {
      console.log(`submissions ${submits} (expected ${opts.units * opts.n}) in ${seconds.toFixed(1)} s, think time ${opts.thinkMs} ms`);
      console.log(`next+submit round trip: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`);
    }
    console.log(JSON.stringify(result));
  } finally {
    app.kill("SIGTERM");
    await new Promise((r) => app.once("exit", r));
    await dropDatabase(server.adminUrl, dbName).catch(() => {});
    await server.stop();
  }
}

async function resetStudy(url: string, studyId: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DELETE FROM "Participant" WHERE "studyId" = $1`, [studyId]);
  await c.query(`UPDATE "StudyUnit" SET "activeCount" = 0 WHERE "studyId" = $1`, [studyId]);
  await c.end();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
