// `npm run bench:import`: builds synthetic files in the real formats from the shared samples
// (FANToM at full size: 256 conversations, ~10k questions; ToMATO with 100k questions), imports
// each into a fresh database in its own child process, and prints throughput and peak RSS.
// The last line is one JSON object with the figures.
import { spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { closePool } from "@/lib/db/pool";
import { importDataset } from "@/lib/datasets/import";
import { createMigratedDatabase, dropDatabase, startTestServer } from "../tests/support/test-postgres";

const SHARED = path.resolve("../shared/datasets");
const OUT = path.resolve("bench-out");

async function writeJsonArray(file: string, count: number, make: (i: number) => unknown): Promise<void> {
  const out = createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, "drain");
  };
  await write("[\n");
  for (let i = 0; i < count; i++) await write((i ? ",\n" : "") + JSON.stringify(make(i), null, 4).replace(/^/gm, "    "));
  await write("\n]");
  out.end();
  await once(out, "finish");
}

type Rec = Record<string, unknown>;

async function makeFantom(file: string): Promise<void> {
  const sets = JSON.parse(readFileSync(path.join(SHARED, "fantom/fantom_v1.json.sample"), "utf8")) as Rec[];
  // 256 conversations × 2 parts × ~1.1 sets, each a sample set with new ids and its own conversation text
  const perConv = 2.2;
  const total = Math.round(256 * perConv);
  await writeJsonArray(file, total, (i) => {
    const conv = Math.floor(i / perConv);
    const part = Math.floor((i % perConv) / 1.1);
    const base = sets[i % sets.length]!;
    const tag = `(${conv}.${part})`;
    return {
      ...base,
      set_id: `${conv}-${part}-${i}`,
      part_id: `${conv}-${part}`,
      conv_id: conv,
      full_context: String(base.full_context).replace(":", `: ${tag}`),
      short_context: String(base.short_context).replace(":", `: ${tag}`),
    };
  });
}

async function makeTomato(file: string, questions: number): Promise<void> {
  const qs = JSON.parse(readFileSync(path.join(SHARED, "tomato/tomato_fb.json.sample"), "utf8")) as Rec[];
  await writeJsonArray(file, questions, (i) => {
    const base = qs[i % qs.length]!;
    const copy = Math.floor(i / qs.length);
    const scenario = `S${copy.toString(36).toUpperCase().padStart(4, "0")}`;
    return {
      ...base,
      q_id: String(base.q_id).replace(/_[A-Z0-9]{5}_/, `_${scenario}_`),
      conversation: String(base.conversation).replace('"Hi!"', `"Hi! (${copy})"`),
    };
  });
}

async function child(file: string, benchmark: string): Promise<void> {
  const t0 = performance.now();
  const summary = await importDataset({ file, benchmark: benchmark as "auto", ownerId: null });
  const seconds = (performance.now() - t0) / 1000;
  await closePool();
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ benchmark, questions: summary.questions, contexts: summary.contexts, records: summary.sourceRecords, seconds, maxRssMB: rss }));
}

async function main(): Promise<void> {
  if (process.argv[2] === "--child") return child(process.argv[3]!, process.argv[4]!);
  if (!existsSync(SHARED)) throw new Error(`${SHARED} is absent: the benchmark builds its files from the shared samples`);
  mkdirSync(OUT, { recursive: true });
  const tomatoSize = Number(process.env.BENCH_TOMATO_QUESTIONS ?? 100_000);
  const files = [
    { name: "fantom", file: path.join(OUT, "fantom_v1.json"), make: makeFantom },
    { name: "tomato", file: path.join(OUT, "tomato.json"), make: (f: string) => makeTomato(f, tomatoSize) },
  ];
  const server = await startTestServer();
  const results = [];
  for (const f of files) {
    await f.make(f.file);
    const mb = readFileSync(f.file).length / 1024 / 1024;
    const db = `sally_bench_${randomBytes(4).toString("hex")}`;
    const url = await createMigratedDatabase(server.adminUrl, db);
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-import.ts", "--child", f.file, f.name], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    await dropDatabase(server.adminUrl, db);
    if (run.status !== 0) throw new Error(`import of ${f.name} failed:\n${run.stderr}`);
    const r = JSON.parse(run.stdout.trim().split("\n").at(-1)!);
    results.push({ ...r, fileMB: Math.round(mb), questionsPerSec: Math.round(r.questions / r.seconds) });
  }
  await server.stop();
  console.log("\nbenchmark   file MB   records   contexts   questions   seconds   questions/s   peak RSS MB");
  for (const r of results) {
    console.log(
      `${r.benchmark.padEnd(10)} ${String(r.fileMB).padStart(8)} ${String(r.records).padStart(9)} ${String(r.contexts).padStart(10)} ${String(r.questions).padStart(11)} ${r.seconds.toFixed(2).padStart(9)} ${String(r.questionsPerSec).padStart(13)} ${r.maxRssMB.toFixed(0).padStart(13)}`,
    );
  }
  console.log(JSON.stringify({ node: process.version, results }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
