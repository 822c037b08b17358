// `npm run bench:dashboard [-- --sizes 100000,500000,1000000 --runs 5 --keep | --database URL]`: for each size,
// a validation study and a baseline study with that many responses each (tests/support/bench-results-seed.ts)
// are written straight into a fresh PostgreSQL database, then, in one child process per size, the data of each
// console page is computed --runs times through the same library calls the pages and routes make: the study
// overview (its summary and exports), the units table (first page, and a page in the middle), the participants
// table (first page), the adjudication queue (first page) and the results API (its JSON, and how many bytes). Pages after the first read use the
// decisions and agreement it kept (lib/designs/validation/decision-store.ts, participant-store.ts);
// "overview, none kept" and "participants p1, none kept" drop them before each run, as when every kept row is
// stale (the LLM judge's predictions imported again; for the participants, answers to each one's units).
// What a read keeps is handed over as the pages hand it to Next's `after`, and written between runs, outside
// the time ("overview, none kept, writes awaited" times the same read waiting for its writes). "timeline, none
// kept" drops the agreement timeline's sums, as before its first read; "timeline, none kept, page" reads it as
// the overview page does, which hands a large fold over the same way. Medians per step; a table, then one
// JSON line.
// `--keep` keeps the seeded databases (set SALLY_TEST_PG_PORT so their server stays) and prints their URLs;
// `--database URL` measures such a database again (e.g. with the code before and after a change).
import { spawnSync } from "node:child_process";
import { SERVER_NODE_FLAGS } from "@/lib/runtime/node-flags";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { z } from "zod";
import { closePool } from "@/lib/db/pool";
import { studyExports } from "@/lib/studies/exports/offered";
import { studyOverview, studySummary, type Keeper } from "@/lib/studies/results";
import { studyTimeline } from "@/lib/studies/timeline";
import { dropAgreementSums } from "../tests/support/agreement-sums";
import { readStudy } from "@/lib/studies/study";
import { designOf } from "@/lib/designs";
import { adjudicationQueue, participantsPage, participantsQuery, unitsQuery, unitsTable } from "@/lib/studies/tables";
import { pool } from "@/lib/db/pool";
import { seedResultsStudies } from "../tests/support/bench-results-seed";
import { createMigratedDatabase, dropDatabase, startTestServer } from "../tests/support/test-postgres";
import { median } from "./median";

const Args = z.object({
  sizes: z
    .string()
    .default("100000,500000,1000000")
    .transform((s) => s.split(",").map((n) => z.coerce.number().int().min(100).parse(n.trim()))),
  runs: z.coerce.number().int().min(1).max(20).default(5),
  child: z.boolean().default(false),
  keep: z.boolean().default(false),
  database: z.string().url().optional(),
});


interface Step {
  study: "validation" | "baseline";
  step: string;
  ms: number;
  runs: number[];
  bytes?: number;
}

// What the reads hand over to keep (decisions, agreement), as pages hand it to Next's `after`: written
// between runs, outside the time, since a page's response does not wait for it (lib/studies/results.ts).
const handed: (() => Promise<void>)[] = [];
const keep: Keeper = (write) => void handed.push(write);
async function flush(): Promise<void> {
  while (handed.length) await handed.shift()!();
}

async function time(runs: number, f: () => Promise<number | void>, before?: () => Promise<void>): Promise<{ ms: number; runs: number[]; bytes?: number }> {
  await flush();
  await before?.();
  await f(); // a warm-up run, not counted (JIT, connections, PostgreSQL's caches)
  const all: number[] = [];
  let bytes: number | undefined;
  for (let i = 0; i < runs; i++) {
    await flush();
    await before?.();
    const t0 = performance.now();
    const b = await f();
    all.push(+(performance.now() - t0).toFixed(1));
    if (typeof b === "number") bytes = b;
  }
  await flush();
  return { ms: +median(all).toFixed(1), runs: all, ...(bytes !== undefined ? { bytes } : {}) };
}

/** Every page's data for both studies, --runs times each (in this process: DATABASE_URL is the seeded database). */
async function child(runs: number): Promise<void> {
  const { rows } = await pool().query<{ id: string; design: "validation" | "baseline" }>(`SELECT id, design FROM "Study" WHERE name IN ('validation', 'baseline') ORDER BY design DESC`);
  const steps: Step[] = [];
  for (const { id, design } of rows) {
    const study = (await readStudy(pool(), { id }))!;
    const { rows: count } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "StudyUnit" WHERE "studyId" = $1`, [id]);
    const middle = Math.max(1, Math.ceil(count[0]!.n / 50 / 2));
    // what the overview page reads: its summary (the whole results for designs without one), then the
    // exports list's "nothing kept yet"
    const overview = async () => void (await studyExports(study, await studyOverview(study, keep)));
    // as scripts read it: the kept decisions written before the read returns
    const overviewAwaited = async () => void (await studyExports(study, await studyOverview(study)));
    const dropKept = async () => void (await pool().query(`DELETE FROM "UnitDecision" WHERE "studyId" = $1`, [id]));
    const timeline = async () => void (await studyTimeline(study));
    // as the overview page reads it: a large fold is handed over (lib/studies/timeline.ts, `later`)
    const pageTimeline = async () => void (await studyTimeline(study, { later: keep }));
    const dropSums = () => dropAgreementSums(pool(), id);
    const participants = async () => void (await participantsPage(study, participantsQuery.parse({ page: 1, pageSize: 100 }), keep));
    const measured: [string, () => Promise<number | void>, (() => Promise<void>)?][] = [
      ["overview, none kept", overview, dropKept],
      ["overview, none kept, writes awaited", overviewAwaited, dropKept],
      ["overview", overview],
      // the overview page draws the timeline beside the results (both at once); its agreement sums are
      // folded by the first read (lib/studies/timeline-agreement.ts), "none kept" drops them first
      ...(designOf(study.design).voteFamilies
        ? ([
            ["timeline, none kept", timeline, dropSums],
            ["timeline, none kept, page", pageTimeline, dropSums],
          ] as [string, () => Promise<void>, () => Promise<void>][])
        : []),
      ["timeline", timeline],
      ["units p1", async () => void (await unitsTable(study, unitsQuery.parse({ page: 1, pageSize: 50 }), undefined, keep))],
      [`units p${middle}`, async () => void (await unitsTable(study, unitsQuery.parse({ page: middle, pageSize: 50 }), undefined, keep))],
      ["participants p1, none kept", participants, async () => void (await pool().query(`DELETE FROM "ParticipantAgreement" WHERE "studyId" = $1`, [id]))],
      ["participants p1", participants],
      // the adjudication page (designs a researcher adjudicates): its first page of 25
      ...(designOf(study.design).adjudicable ? [["adjudication p1", async () => void (await adjudicationQueue(study, 1, 25, [], keep))] as [string, () => Promise<void>]] : []),
      ["results API", async () => Buffer.byteLength(JSON.stringify(await studySummary(study, undefined, keep)))],
    ];
    for (const [step, f, before] of measured) steps.push({ study: design, step, ...(await time(runs, f, before)) });
  }
  await closePool();
  console.log(JSON.stringify(steps));
}

function measure(url: string, runs: number): Step[] {
  const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "scripts/bench-dashboard.ts", "--child", "--runs", String(runs)], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`measuring failed:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Step[];
}

async function responsesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Response" r JOIN "Study" s ON s.id = r."studyId" WHERE s.name = 'validation'`);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sizes: { type: "string" }, runs: { type: "string" }, child: { type: "boolean" }, keep: { type: "boolean" }, database: { type: "string" } } });
  const args = Args.parse(values);
  if (args.child) return child(args.runs);
  const results: { size: number; steps: Step[] }[] = [];
  if (args.database) {
    results.push({ size: await responsesIn(args.database), steps: measure(args.database, args.runs) });
  } else {
    const server = await startTestServer();
    try {
      for (const size of args.sizes) {
        const db = `sally_bench_dashboard_${size}_${randomBytes(4).toString("hex")}`;
        const url = await createMigratedDatabase(server.adminUrl, db);
        const t0 = performance.now();
        await seedResultsStudies(url, size);
        console.error(`seeded 2 × ${size.toLocaleString()} responses in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        const steps = measure(url, args.runs);
        for (const s of steps) console.error(`${String(size).padStart(8)}  ${s.study.padEnd(10)} ${s.step.padEnd(16)} ${String(s.ms).padStart(9)} ms`);
        results.push({ size, steps });
        if (args.keep) console.error(`kept: --database ${url}`);
        else await dropDatabase(server.adminUrl, db);
      }
    } finally {
      if (!args.keep) await server.stop();
    }
  }
  console.log(`\nmedians of ${args.runs} run(s), ms (responses per study)`);
  console.log("responses   study       step                    ms      JSON bytes");
  for (const r of results) {
    for (const s of r.steps) console.log(`${String(r.size).padEnd(12)}${s.study.padEnd(12)}${s.step.padEnd(18)}${String(s.ms).padStart(10)}${s.bytes === undefined ? "" : String(s.bytes).padStart(16)}`);
  }
  console.log(JSON.stringify({ node: process.version, runs: args.runs, results }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
