// `npm run bench:report [-- --size 1000000 --runs 5 --keep | --database URL]`: `sally report --json`'s numbers
// (lib/studies/report.ts, what the CLI prints) for a baseline study of --size scored responses with 5 models'
// predictions on every question (tests/support/bench-results-seed.ts), written straight into a fresh PostgreSQL
// database, or for the baseline study of a database bench:dashboard kept (--database). Each run in this process
// after one warm-up; the median, then one JSON line.
import { spawnSync } from "node:child_process";
import { SERVER_NODE_FLAGS } from "@/lib/runtime/node-flags";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { z } from "zod";
import { closePool, pool } from "@/lib/db/pool";
import { studyReport } from "@/lib/studies/report";
import { readStudy } from "@/lib/studies/study";
import { seedResultsStudies } from "../tests/support/bench-results-seed";
import { createMigratedDatabase, dropDatabase, startTestServer } from "../tests/support/test-postgres";
import { median } from "./median";

const Args = z.object({
  size: z.coerce.number().int().min(100).default(1_000_000),
  runs: z.coerce.number().int().min(1).max(20).default(5),
  child: z.boolean().default(false),
  keep: z.boolean().default(false),
  database: z.string().url().optional(),
});


interface Measured {
  responses: number;
  models: number;
  ms: number;
  runs: number[];
  bytes: number;
}

async function child(runs: number): Promise<void> {
  const { rows } = await pool().query<{ id: string }>(`SELECT id FROM "Study" WHERE name = 'baseline'`);
  const study = (await readStudy(pool(), { id: rows[0]!.id }))!;
  const report = async () => JSON.stringify(await studyReport(study));
  const text = await report(); // warm-up
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await report();
    all.push(+(performance.now() - t0).toFixed(1));
  }
  const parsed = JSON.parse(text) as { responses: number; models: unknown[] };
  await closePool();
  const out: Measured = { responses: parsed.responses, models: parsed.models.length, ms: +median(all).toFixed(1), runs: all, bytes: Buffer.byteLength(text) };
  console.log(JSON.stringify(out));
}

function measure(url: string, runs: number): Measured {
  const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "scripts/bench-report.ts", "--child", "--runs", String(runs)], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`measuring failed:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Measured;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { size: { type: "string" }, runs: { type: "string" }, child: { type: "boolean" }, keep: { type: "boolean" }, database: { type: "string" } } });
  const args = Args.parse(values);
  if (args.child) return child(args.runs);
  let result: Measured;
  if (args.database) result = measure(args.database, args.runs);
  else {
    const server = await startTestServer();
    const db = `sally_bench_report_${args.size}_${randomBytes(4).toString("hex")}`;
    try {
      const url = await createMigratedDatabase(server.adminUrl, db);
      const t0 = performance.now();
      await seedResultsStudies(url, args.size);
      console.error(`seeded ${args.size.toLocaleString()} responses in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      result = measure(url, args.runs);
      if (args.keep) console.error(`kept: --database ${url}`);
      else await dropDatabase(server.adminUrl, db);
    } finally {
      if (!args.keep) await server.stop();
    }
  }
  console.log(`\nsally report --json (baseline, ${result.models} models): ${result.responses.toLocaleString()} responses, median of ${args.runs}: ${result.ms} ms, ${result.bytes} bytes of JSON`);
  console.log(JSON.stringify({ node: process.version, ...result }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
