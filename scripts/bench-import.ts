// `npm run bench:import [-- --runs 3 --tomato 100000 --generic 1000000 --only fantom,tomato,generic --warm]`:
// builds synthetic files in the real formats from the shared samples (FANToM at full size; ToMATO
// with --tomato questions; Sally's generic JSON Lines with --generic questions and short contexts),
// imports each --runs times, every time into a fresh database in its own child process (so peak RSS
// is that import's own; with the Node flags the `sally` CLI and the server run with), and prints the
// medians. The last line is one JSON object with every run.
// `--warm` times a second import of the file in that process instead (a server's later imports).
import { spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { closePool, pool } from "@/lib/db/pool";
import { importDataset } from "@/lib/datasets/import";
import { SERVER_NODE_FLAGS } from "@/lib/runtime/node-flags";
import { createMigratedDatabase, dropDatabase, startTestServer } from "../tests/support/test-postgres";
import { median } from "./median";

const SHARED = path.resolve("../shared/datasets");
const OUT = path.resolve("bench-out");
const NAMES = ["fantom", "tomato", "generic"] as const;

const Args = z.object({
  runs: z.coerce.number().int().min(1).max(20).default(3),
  tomato: z.coerce.number().int().min(1).default(100_000),
  generic: z.coerce.number().int().min(4).default(1_000_000),
  only: z
    .string()
    .default(NAMES.join(","))
    .transform((s) => s.split(",").map((n) => z.enum(NAMES).parse(n.trim()))),
  child: z.boolean().default(false),
  warm: z.boolean().default(false),
});

type Rec = Record<string, unknown>;

async function writeLines(file: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(line)) await once(out, "drain");
  out.end();
  await once(out, "finish");
}

function* jsonArray(count: number, make: (i: number) => unknown): Generator<string> {
  yield "[\n";
  for (let i = 0; i < count; i++) yield (i ? ",\n" : "") + JSON.stringify(make(i), null, 4).replace(/^/gm, "    ");
  yield "\n]";
}

const readSample = (rel: string) => JSON.parse(readFileSync(path.join(SHARED, rel), "utf8")) as Rec[];

/** 256 conversations × 2 parts × ~1.1 sets, each a sample set with new ids and its own conversation text. */
function makeFantom(file: string): Promise<void> {
  const sets = readSample("fantom/fantom_v1.json.sample");
  const perConv = 2.2;
  return writeLines(
    file,
    jsonArray(Math.round(256 * perConv), (i) => {
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
    }),
  );
}

/** The sample questions repeated with new scenario ids and distinct conversation text per copy. */
function makeTomato(file: string, questions: number): Promise<void> {
  const qs = readSample("tomato/tomato_fb.json.sample");
  return writeLines(
    file,
    jsonArray(questions, (i) => {
      const base = qs[i % qs.length]!;
      const copy = Math.floor(i / qs.length);
      const scenario = `S${copy.toString(36).toUpperCase().padStart(4, "0")}`;
      return {
        ...base,
        q_id: String(base.q_id).replace(/_[A-Z0-9]{5}_/, `_${scenario}_`),
        conversation: String(base.conversation).replace('"Hi!"', `"Hi! (${copy})"`),
      };
    }),
  );
}

/**
 * Generic JSON Lines, 4 questions per item (single choice, yes/no, short text, list) about a short
 * conversation: the first three turns of a ToMATO sample conversation, made distinct per item.
 */
function makeGeneric(file: string, questions: number): Promise<void> {
  const qs = readSample("tomato/tomato_fb.json.sample");
  function* lines(): Generator<string> {
    for (let i = 0; i < questions / 4; i++) {
      const base = qs[i % qs.length]!;
      const turns = String(base.conversation)
        .split("\n")
        .slice(0, 3)
        .map((line) => ({ speaker: line.slice(0, line.indexOf(":")), text: line.slice(line.indexOf(":") + 2) }));
      turns[0]!.text += ` (${i})`;
      const [a, b] = [turns[0]!.speaker, turns[1]?.speaker ?? "Someone"];
      const tags = { question_type: String(base.mental_state), order: Number(base.order) };
      const item = {
        id: `item-${i}`,
        context: { type: "conversation", turns },
        questions: [
          { kind: "single_choice", prompt: base.q, options: [base.a0, base.a1, base.a2, base.a3], answer: base.a_idx, tags, groupKeys: { item: String(i) } },
          { kind: "yes_no", prompt: `Does ${b} believe what ${a} says?`, answer: base.false_belief ? "no" : "yes", tags },
          { kind: "short_text", prompt: "Who speaks first?", answer: a },
          { kind: "multi_select", prompt: "Who takes part?", options: [a, b, "Nobody"], answer: [a, b], exclude: ["Nobody"] },
        ],
      };
      yield JSON.stringify(item) + "\n";
    }
  }
  return writeLines(file, lines());
}

/**
 * CPU seconds of the PostgreSQL backend that ran the import: the pool's one idle connection, read
 * from /proc (null when the server runs elsewhere). Its life was this import, so that is its cost.
 */
async function backendCpuSeconds(): Promise<number | null> {
  const { rows } = await pool().query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`);
  try {
    const fields = readFileSync(`/proc/${rows[0]!.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** `warm`: the file is imported once first, untimed, and then again as a new version: a server's imports after
 *  its first, with the JIT warm, rather than the CLI's one import in a cold process. */
async function child(file: string, benchmark: string, warm: boolean): Promise<void> {
  if (warm) await importDataset({ file, benchmark: benchmark as "auto", ownerId: null });
  const db0 = warm ? await backendCpuSeconds() : 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const summary = await importDataset({ file, benchmark: benchmark as "auto", ownerId: null, asNewVersion: warm });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  // the import's own CPU (user + system), which other people's load on a shared box changes less than the wall time
  const nodeCpuSeconds = (cpu.user + cpu.system) / 1e6;
  const db1 = await backendCpuSeconds();
  const dbCpuSeconds = db1 === null || db0 === null ? null : db1 - db0;
  await closePool();
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ questions: summary.questions, contexts: summary.contexts, records: summary.sourceRecords, seconds, nodeCpuSeconds, dbCpuSeconds, maxRssMB: rss }));
}

interface Run {
  questions: number;
  contexts: number;
  records: number;
  seconds: number;
  nodeCpuSeconds: number;
  dbCpuSeconds: number | null;
  maxRssMB: number;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: "string" }, tomato: { type: "string" }, generic: { type: "string" }, only: { type: "string" }, child: { type: "boolean" }, warm: { type: "boolean" } },
  });
  const args = Args.parse(values);
  if (args.child) return child(positionals[0]!, positionals[1]!, args.warm);
  if (!existsSync(SHARED)) throw new Error(`${SHARED} is absent: the benchmark builds its files from the shared samples`);
  mkdirSync(OUT, { recursive: true });
  const files = {
    fantom: { benchmark: "fantom", file: path.join(OUT, "fantom_v1.json"), make: makeFantom },
    tomato: { benchmark: "tomato", file: path.join(OUT, `tomato-${args.tomato}.json`), make: (f: string) => makeTomato(f, args.tomato) },
    generic: { benchmark: "generic", file: path.join(OUT, `generic-${args.generic}.jsonl`), make: (f: string) => makeGeneric(f, args.generic) },
  };
  const server = await startTestServer();
  const results = [];
  for (const name of args.only) {
    const f = files[name];
    // the generated files are deterministic, so one made by an earlier run is reused
    if (!existsSync(f.file)) await f.make(f.file);
    const runs: Run[] = [];
    for (let i = 0; i < args.runs; i++) {
      const db = `sally_bench_${randomBytes(4).toString("hex")}`;
      const url = await createMigratedDatabase(server.adminUrl, db);
      const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "scripts/bench-import.ts", "--child", ...(args.warm ? ["--warm"] : []), f.file, f.benchmark], {
        env: { ...process.env, DATABASE_URL: url },
        encoding: "utf8",
      });
      await dropDatabase(server.adminUrl, db);
      if (run.status !== 0) throw new Error(`import of ${name} failed:\n${run.stderr}`);
      runs.push(JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Run);
    }
    const seconds = median(runs.map((r) => r.seconds));
    const { questions, contexts, records } = runs[0]!;
    const fileMB = Math.round(statSync(f.file).size / 1024 / 1024);
    results.push({ name, fileMB, records, contexts, questions, seconds, questionsPerSec: Math.round(questions / seconds), nodeCpuSeconds: median(runs.map((r) => r.nodeCpuSeconds)), dbCpuSeconds: median(runs.map((r) => r.dbCpuSeconds ?? NaN)), maxRssMB: median(runs.map((r) => r.maxRssMB)), runs });
  }
  await server.stop();
  console.log(`\nmedians of ${args.runs} run(s), each in a fresh database${args.warm ? ", each the second import in its process (--warm)" : ""}`);
  console.log("file        file MB   records   contexts   questions   seconds   questions/s   peak RSS MB   Node CPU s   PG CPU s");
  for (const r of results) {
    const cells = [r.fileMB, r.records, r.contexts, r.questions, r.seconds.toFixed(2), r.questionsPerSec, r.maxRssMB.toFixed(0), r.nodeCpuSeconds.toFixed(2), r.dbCpuSeconds.toFixed(2)];
    console.log(r.name.padEnd(10) + cells.map((c, i) => String(c).padStart([9, 10, 11, 12, 10, 14, 14, 13, 11][i]!)).join(""));
  }
  console.log(JSON.stringify({ node: process.version, warm: args.warm, results }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
