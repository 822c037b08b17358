// `npm run bench:assign -- [--json] [--study flags|answer-key|baseline|groups-stages] [--participants 200[,400…]]
//   [--runs 1] [--units 5000] [--n 3] [--think-ms 2000] [--instances 1] [--ceiling] [--statements]`
// Drives the real HTTP endpoints of a production build served the way `npm start` serves it:
// participants enter through the study link, then loop next-unit + submit until nothing is left.
// Participants are people: between units each pauses --think-ms on average (uniform 0.5–1.5×),
// so the latency figures are those of that many people working at once; `--think-ms 0` keeps
// every participant's request in flight all the time, a saturation test of throughput.
// Study modes: flags (context units, flag checks), answer-key (question units, answer-key checks:
// validation reads the questions inside the submit transaction), baseline (question-set units of
// three questions, answer payloads scored at submit), groups-stages (two groups with one answer
// each per unit, per-item membership, two stages with the second view withheld until the first
// answer is stored). --instances runs that many app processes on one PostgreSQL, participants
// spread over them. --ceiling first runs pgbench (TPC-B, 16 clients, scale 10) against the same
// PostgreSQL and reports the ratio. Each participant count in --participants is run --runs times,
// every run on a fresh study of its own in the same database, with the app already warm.
// --statements prints, after each count, the statements that took the database's time (needs a
// server with pg_stat_statements preloaded, e.g. through TEST_DATABASE_URL). The last line is
// JSON: {study, units, n, instances, thinkMs, pgbenchTps?, levels: [{participants, p50Ms, p95Ms,
// submitsPerSec, appCpuMsPerUnit, dbCpuMsPerUnit, ratio?, errors, overAssigned, duplicateAssignments, brokenQuotas, stageLeaks,
// runs}]}: medians over the runs for the timings, sums for the counts (any failure shows).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { z } from "zod";
import { importDataset } from "@/lib/datasets/import";
import { disconnectDb } from "@/lib/db/client";
import { closePool } from "@/lib/db/pool";
import { buildIsCurrent, recordBuild } from "@/lib/runtime/build-stamp";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { createUser } from "@/lib/users/service";
import { createMigratedDatabase, dropDatabase, startTestServer } from "../tests/support/test-postgres";
import { median } from "./median";

const STUDIES = ["flags", "answer-key", "baseline", "groups-stages"] as const;
type StudyMode = (typeof STUDIES)[number];
const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    study: { type: "string", default: "flags" },
    participants: { type: "string", default: "200" },
    units: { type: "string", default: "5000" },
    n: { type: "string", default: "3" },
    "think-ms": { type: "string", default: "2000" },
    port: { type: "string", default: "3200" },
    instances: { type: "string", default: "1" },
    runs: { type: "string", default: "1" },
    ceiling: { type: "boolean", default: false },
    statements: { type: "boolean", default: false },
  },
});
const opts = z
  .object({
    study: z.enum(STUDIES),
    participants: z.string().transform((list, ctx) => {
      const counts = list.split(",").map((n) => Number(n.trim()));
      if (!counts.every((n) => Number.isInteger(n) && n >= 1)) ctx.addIssue({ code: "custom", message: "participants: positive integers, comma-separated" });
      return counts;
    }),
    units: z.coerce.number().int().min(1),
    n: z.coerce.number().int().min(1),
    thinkMs: z.coerce.number().min(0),
    port: z.coerce.number().int(),
    instances: z.coerce.number().int().min(1).max(8),
    runs: z.coerce.number().int().min(1).max(20),
  })
  .parse({ ...values, thinkMs: values["think-ms"] });
const log = (line: string) => process.stderr.write(`${line}\n`);
const bases = Array.from({ length: opts.instances }, (_, i) => `http://127.0.0.1:${opts.port + i}`);
const BOOKS = ["Emma", "Persuasion", "Middlemarch", "Ulysses"];
const SECRET = "STAGE2-SECRET";

/** One generic-format record per unit (three per set for baseline). */
function records(mode: StudyMode, units: number): string[] {
  return Array.from({ length: units }, (_, i) => {
    const salt = randomBytes(6).toString("hex");
    const passage = (text: string) => ({ type: "passage", paragraphs: [text] });
    const choice = { kind: "single_choice", prompt: `Which is right for item ${i}?`, options: ["a", "b", "c", "d"], answer: i % 4 };
    switch (mode) {
      case "flags":
        return JSON.stringify({ id: `u${i}`, context: passage(`Passage ${i}. ${salt}`), questions: [{ kind: "yes_no", prompt: "Is it fine?", answer: "yes" }] });
      case "answer-key":
        return JSON.stringify({ id: `u${i}`, context: passage(`Passage ${i}. ${salt}`), questions: [choice] });
      case "baseline":
        return JSON.stringify({
          id: `u${i}`,
          context: passage(`Passage ${i}. ${salt}`),
          questions: [choice, { kind: "yes_no", prompt: `Is item ${i} odd?`, answer: i % 2 ? "yes" : "no" }, { kind: "numeric", prompt: `How many in item ${i}?`, answer: i, tolerance: 0.02 }],
        });
      case "groups-stages":
        return JSON.stringify({
          id: `u${i}`,
          context: { views: { short: passage(`Short window ${i}. ${salt}`), full: passage(`Long window ${i}. ${SECRET}-${i}`) }, default: "short" },
          questions: [{ ...choice, tags: { book: BOOKS[i % BOOKS.length] } }],
        });
    }
  });
}

function specOf(mode: StudyMode, datasetId: string, name: string) {
  const common = { dataset: datasetId, name, entryMode: "prolific", leaseMinutes: 30 };
  switch (mode) {
    case "flags":
      return { ...common, design: "validation", unit: "context", n: opts.n, config: { contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }], comment: false } } };
    case "answer-key":
      return { ...common, design: "validation", unit: "question", n: opts.n, config: { answerKey: true } };
    case "baseline":
      return { ...common, design: "baseline", unit: "set", n: opts.n };
    case "groups-stages":
      return {
        ...common,
        design: "baseline",
        unit: "question",
        groups: { names: ["read", "not_read"], perUnit: { read: 1, not_read: 1 }, balanceTolerance: 1, membership: { from: "url", tag: "book", param: "read" } },
        stages: [{ view: "short" }, { view: "full" }],
      };
  }
}

async function setUp(url: string) {
  process.env.DATABASE_URL = url;
  const owner = await createUser({ actorId: null, input: { email: "bench@x.test", name: "Bench", role: "researcher", password: "bench-password-1" } });
  const actor = { id: owner.id, role: owner.role };
  const study = async (units: number, name: string) => {
    const file = path.join(os.tmpdir(), `bench-assign-${process.pid}-${name}.jsonl`);
    writeFileSync(file, records(opts.study, units).join("\n") + "\n");
    const ds = await importDataset({ file, benchmark: "generic", ownerId: owner.id });
    const created = await createStudy({ actor, spec: parseSpec(specOf(opts.study, ds.datasetId, name)) });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    return { studyId: created.id, code: created.code };
  };
  // warming up on a study of its own: answered data can no longer be wiped (foreign keys restrict)
  const warm = await study(20, "warm-up");
  return { warm, study };
}

interface Unit {
  assignmentId: string;
  stage: number;
  checks: { key: string; options: { value: string }[] }[];
  questions: { id: string; kind: string }[];
}

function payloadOf(unit: Unit): unknown {
  if (unit.checks.length) return { answers: Object.fromEntries(unit.checks.map((c) => [c.key, c.options[Math.random() < 0.1 ? 1 : 0]!.value])) };
  const answer = (kind: string) => (kind === "single_choice" ? Math.floor(Math.random() * 4) : kind === "yes_no" ? "yes" : kind === "numeric" ? 1 : "x");
  return { answers: Object.fromEntries(unit.questions.map((q) => [q.id, answer(q.kind)])) };
}

interface Tally {
  latencies: number[];
  errors: number;
  leaks: number;
}

async function participant(code: string, i: number, tally: Tally, limit = Infinity): Promise<number> {
  // people do not all open the link in the same millisecond: arrivals spread over one mean pause
  if (opts.thinkMs && i >= 0) await new Promise((r) => setTimeout(r, Math.random() * opts.thinkMs));
  const base = bases[Math.abs(i) % bases.length]!;
  const read = BOOKS.filter((_, b) => (i + b) % 2 === 0).join(",");
  const link = `${base}/s/${code}?PROLIFIC_PID=bench${i}-${randomBytes(2).toString("hex")}&STUDY_ID=b&SESSION_ID=s${i}&read=${encodeURIComponent(read)}`;
  let cookie = "";
  // entry sets the participant cookie; without one (the database was busy: "unavailable"), enter again
  for (let failed = 0; !cookie; failed++) {
    const entry = await fetch(link, { redirect: "manual" }).catch((err: Error) => err);
    if (!(entry instanceof Error)) {
      await entry.arrayBuffer();
      cookie = entry.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      if (cookie) break;
    }
    tally.errors++;
    if (failed >= 20) throw new Error(`entry failed ${failed + 1} times: ${entry instanceof Error ? entry.message : entry.status}`);
    await new Promise((r) => setTimeout(r, 1000 + Math.random() * 1000));
  }
  const headers = { cookie, "content-type": "application/json", origin: base };
  // a 503 (no pool connection within DB_CONNECT_TIMEOUT_MS) is counted and tried again, as the page does
  for (let failed = 0; ; failed++) {
    const consent = await fetch(`${base}/api/s/${code}/consent`, { method: "POST", headers, body: JSON.stringify({ consent: true }) });
    const text = await consent.text();
    if (consent.ok) break;
    tally.errors++;
    if (consent.status !== 503 || failed >= 20) throw new Error(`consent failed: ${consent.status} ${text}`);
    await new Promise((r) => setTimeout(r, 1000 + Math.random() * 1000));
  }
  let done = 0;
  for (;;) {
    const t0 = performance.now();
    let finished = false;
    // one unit: next + submit, and for staged units the reveal (next) and the revision (submit)
    for (let failed = 0; ; ) {
      const next = await fetch(`${base}/api/s/${code}/next`, { headers });
      const text = await next.text();
      if (!next.ok) {
        // counted, then tried again after a pause, as the participant page does (503 carries Retry-After)
        tally.errors++;
        if (++failed > 20) throw new Error(`next failed ${failed} times in a row: ${next.status} ${text}`);
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      const body = JSON.parse(text) as { status: string; unit?: Unit };
      // anything but a unit ends the participant: done, or screened out (a group study with nothing left for them)
      if (body.status !== "unit" || !body.unit || (done >= limit && body.unit.stage !== 2)) return done;
      const unit = body.unit;
      if (unit.stage === 1 && text.includes(SECRET)) tally.leaks++;
      const submit = await fetch(`${base}/api/s/${code}/submit`, {
        method: "POST",
        headers,
        body: JSON.stringify({ assignmentId: unit.assignmentId, idempotencyKey: randomUUID(), stage: unit.stage, payload: payloadOf(unit), durationMs: 1 }),
      });
      await submit.arrayBuffer();
      if (submit.status !== 201) {
        tally.errors++;
        break;
      }
      if (opts.study !== "groups-stages" || unit.stage === 2) {
        finished = true;
        break;
      }
    }
    if (finished) {
      tally.latencies.push(performance.now() - t0);
      done++;
    }
    if (opts.thinkMs) await new Promise((r) => setTimeout(r, opts.thinkMs * (0.5 + Math.random())));
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** pgbench TPC-B on the same server: the database's own ceiling for small write transactions. */
function pgbenchTps(adminUrl: string, dbName: string): number | null {
  const url = adminUrl.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`);
  const init = spawnSync("pgbench", ["-i", "-s", "10", "-q", url], { encoding: "utf8" });
  if (init.error || init.status !== 0) {
    log(`pgbench is not available (${init.error?.message ?? init.stderr.trim().split("\n").at(-1)}); install Debian's postgresql-client for --ceiling`);
    return null;
  }
  const run = spawnSync("pgbench", ["-c", "16", "-j", "2", "-T", "20", "-n", url], { encoding: "utf8" });
  const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
  return tps ? Number(tps) : null;
}

async function waitUp(base: string) {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) return;
    if (i > 300) throw new Error(`the app at ${base} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function checks(url: string, studyId: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const one = async (sql: string, params: unknown[]) => ((await c.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0);
  const final = `r."studyId" = $1 AND a.status = 'submitted' AND r.stage = (SELECT greatest(1, jsonb_array_length(settings->'stages')) FROM "Study" WHERE id = $1)`;
  const over = await one(
    `SELECT count(*)::int AS n FROM (SELECT r."unitId" FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId" WHERE ${final}
       GROUP BY r."unitId" HAVING count(*) > (SELECT capacity FROM "StudyUnit" WHERE id = r."unitId")) x`,
    [studyId],
  );
  const dup = await one(`SELECT count(*)::int AS n FROM (SELECT "unitId", "participantId" FROM "Assignment" WHERE "studyId" = $1 GROUP BY 1, 2 HAVING count(*) > 1) x`, [studyId]);
  const quotas = await one(
    `SELECT count(*)::int AS n FROM (SELECT r."unitId", a."group" FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId" WHERE ${final} AND a."group" IS NOT NULL
       GROUP BY 1, 2 HAVING count(*) > (SELECT q.capacity FROM "UnitQuota" q WHERE q."unitId" = r."unitId" AND q."group" = a."group")) x`,
    [studyId],
  );
  await c.end();
  return { over, dup, quotas };
}


/** pg_stat_statements on the bench database, or null with why not (the server must preload it). */
async function statementStats(url: string, action: "reset" | "read"): Promise<string | null> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
    if (action === "reset") {
      await c.query(`SELECT pg_stat_statements_reset()`);
      return null;
    }
    const { rows } = await c.query<{ calls: number; total: number; mean: number; plan: number; rows: number; query: string }>(
      `SELECT calls::int, total_exec_time AS total, mean_exec_time AS mean, mean_plan_time AS plan, rows::int, regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_exec_time DESC LIMIT 8`,
    );
    return rows.map((r) => `${r.total.toFixed(0).padStart(8)} ms ${String(r.calls).padStart(7)} calls ${r.mean.toFixed(3).padStart(8)} ms/call (plan ${r.plan.toFixed(3)} ms)  ${r.query.slice(0, 100)}`).join("\n");
  } catch (err) {
    return `pg_stat_statements is not available: ${(err as Error).message}`;
  } finally {
    await c.end();
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (0 where there is none). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/** The server processes of the bench database's connections (the apps' pools, held open during a run). */
async function backendPids(url: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
  await c.end();
  return rows.map((r) => r.pid);
}

// Wall-clock latency on a shared box is mostly other people's load; the CPU each unit costs
// the app processes and PostgreSQL's backends is the figure that compares across runs.
async function oneRun(url: string, code: string, studyId: string, participants: number, apps: ChildProcess[]) {
  const tally: Tally = { latencies: [], errors: 0, leaks: 0 };
  const before = new Map([...(await backendPids(url)), ...apps.map((a) => a.pid ?? 0)].map((pid) => [pid, cpuSeconds(pid)]));
  const t0 = performance.now();
  // the monotonic clock V8's CPU profiles use too: scripts/profile-summary.ts --window keeps only the run
  const fromUs = process.hrtime.bigint() / 1000n;
  const done = await Promise.all(Array.from({ length: participants }, (_, i) => participant(code, i, tally)));
  const seconds = (performance.now() - t0) / 1000;
  log(`  run window (monotonic µs, for profile-summary --window): ${fromUs}-${process.hrtime.bigint() / 1000n}`);
  const submits = done.reduce((a, b) => a + b, 0);
  const used = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid) - (before.get(pid) ?? 0), 0);
  const appCpu = used(apps.map((a) => a.pid ?? 0));
  const dbCpu = used(await backendPids(url));
  const found = await checks(url, studyId);
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  if (!values.json) {
    log(`  units completed ${submits} in ${seconds.toFixed(1)} s; round trip p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; CPU per unit: app ${((appCpu * 1000) / Math.max(1, submits)).toFixed(2)} ms, PostgreSQL ${((dbCpu * 1000) / Math.max(1, submits)).toFixed(2)} ms; errors ${tally.errors}`);
  }
  return {
    p50Ms: Number(percentile(sorted, 50).toFixed(1)),
    p95Ms: Number(percentile(sorted, 95).toFixed(1)),
    submitsPerSec: Number((submits / seconds).toFixed(1)),
    appCpuMsPerUnit: Number(((appCpu * 1000) / Math.max(1, submits)).toFixed(2)),
    dbCpuMsPerUnit: Number(((dbCpu * 1000) / Math.max(1, submits)).toFixed(2)),
    errors: tally.errors,
    overAssigned: found.over,
    duplicateAssignments: found.dup,
    brokenQuotas: found.quotas,
    stageLeaks: tally.leaks,
  };
}

type RunResult = Awaited<ReturnType<typeof oneRun>>;

function summarise(participants: number, runs: RunResult[], ceiling: number | null) {
  const sum = (key: "errors" | "overAssigned" | "duplicateAssignments" | "brokenQuotas" | "stageLeaks") => runs.reduce((a, r) => a + r[key], 0);
  const submitsPerSec = median(runs.map((r) => r.submitsPerSec));
  return {
    participants,
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p95Ms: median(runs.map((r) => r.p95Ms)),
    submitsPerSec,
    appCpuMsPerUnit: median(runs.map((r) => r.appCpuMsPerUnit)),
    dbCpuMsPerUnit: median(runs.map((r) => r.dbCpuMsPerUnit)),
    ...(ceiling !== null ? { ratio: Number((submitsPerSec / ceiling).toFixed(3)) } : {}),
    errors: sum("errors"),
    overAssigned: sum("overAssigned"),
    duplicateAssignments: sum("duplicateAssignments"),
    brokenQuotas: sum("brokenQuotas"),
    stageLeaks: sum("stageLeaks"),
    runs,
  };
}

async function main() {
  const server = await startTestServer();
  const dbName = `sally_bench_${randomBytes(4).toString("hex")}`;
  const url = await createMigratedDatabase(server.adminUrl, dbName);
  let ceiling: number | null = null;
  if (values.ceiling) {
    const pgbenchDb = `sally_pgbench_${randomBytes(4).toString("hex")}`;
    await createMigratedDatabase(server.adminUrl, pgbenchDb);
    log("running pgbench (TPC-B, 16 clients, scale 10, 20 s)…");
    ceiling = pgbenchTps(server.adminUrl, pgbenchDb);
    if (ceiling !== null) log(`pgbench: ${ceiling} transactions/s`);
    await dropDatabase(server.adminUrl, pgbenchDb).catch(() => {});
  }
  const { warm, study } = await setUp(url);
  const env = { ...process.env, DATABASE_URL: url, NEXTAUTH_SECRET: "bench-secret-bench-secret-bench", NEXTAUTH_URL: bases[0]!, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" as const, DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? "20", LOG_LEVEL: "warn", HOSTNAME: "127.0.0.1" };
  if (!buildIsCurrent()) {
    log("building…");
    if (spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env }).status !== 0) throw new Error("build failed");
    recordBuild();
  }
  // the web server npm start runs; BENCH_APP_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") go to its node
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const apps: ChildProcess[] = bases.map((_, i) =>
    spawn(process.execPath, [...nodeArgs, "--import", "tsx", "scripts/start.ts", "--serve"], { env: { ...env, PORT: String(opts.port + i) }, stdio: ["ignore", "ignore", "inherit"] }),
  );
  try {
    await Promise.all(bases.map(waitUp));
    for (let i = 0; i < bases.length; i++) await participant(warm.code, -1 - i, { latencies: [], errors: 0, leaks: 0 }, 3).catch(() => 0);

    const levels = [];
    for (const count of opts.participants) {
      const runs: RunResult[] = [];
      for (let r = 0; r < opts.runs; r++) {
        log(`setting up ${opts.units} ${opts.study} units…`);
        const { studyId, code } = await study(opts.units, `bench-${count}-${r}`);
        if (values.statements) await statementStats(url, "reset");
        log(`run ${r + 1}/${opts.runs}: ${count} participants over ${opts.instances} instance(s), think time ${opts.thinkMs} ms…`);
        runs.push(await oneRun(url, code, studyId, count, apps));
      }
      if (values.statements) log(`statements by database time, last run of ${count} participants:\n${await statementStats(url, "read")}`);
      levels.push(summarise(count, runs, ceiling));
    }
    const result = { study: opts.study, units: opts.units, n: opts.study === "groups-stages" ? 2 : opts.n, instances: opts.instances, thinkMs: opts.thinkMs, ...(ceiling !== null ? { pgbenchTps: ceiling } : {}), levels };
    if (!values.json) {
      for (const l of levels) {
        console.log(`${l.participants} participants: p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, ${l.submitsPerSec} units/s, CPU per unit app ${l.appCpuMsPerUnit} ms + PostgreSQL ${l.dbCpuMsPerUnit} ms${"ratio" in l ? ` (${l.ratio} × pgbench)` : ""}, errors ${l.errors}, over-assigned ${l.overAssigned}, duplicates ${l.duplicateAssignments}, broken quotas ${l.brokenQuotas}, stage leaks ${l.stageLeaks}`);
      }
    }
    console.log(JSON.stringify(result));
  } finally {
    for (const app of apps) app.kill("SIGTERM");
    await Promise.all(apps.map((app) => new Promise((r) => (app.exitCode !== null ? r(null) : app.once("exit", r)))));
    await disconnectDb();
    await closePool();
    await dropDatabase(server.adminUrl, dbName).catch(() => {});
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
