import { readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { afterAll, describe, expect, it } from "vitest";
import { importDataset, ImportRejected } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import { fixture } from "../support/paths";

// Every text field has a cap, generous for real benchmarks (see each schema and
// lib/benchmarks/generic/README.md). A file with one over-long field is refused whole, the issue
// names the record and the field, and nothing is written.
const MB = 1024 * 1024;
const huge = (chars: number) => "x".repeat(chars);
const written: string[] = [];
afterAll(() => Promise.all(written.map((f) => rm(f, { force: true }))));

async function rowCounts(): Promise<number[]> {
  const { rows } = await pool().query<{ n: number }>(
    `SELECT count(*)::int n FROM "Dataset" UNION ALL SELECT count(*)::int FROM "SourceRecord"
     UNION ALL SELECT count(*)::int FROM "Context" UNION ALL SELECT count(*)::int FROM "Question"`,
  );
  return rows.map((r) => r.n);
}

async function variant(name: string, text: string): Promise<string> {
  const file = path.join(os.tmpdir(), `sally-caps-${process.pid}-${name}`);
  await writeFile(file, text);
  written.push(file);
  return file;
}

type Json = Record<string, unknown>;
const jsonArray = async (rel: string, change: (records: Json[]) => void) => {
  const records = JSON.parse(await readFile(fixture(rel), "utf8")) as Json[];
  change(records);
  return JSON.stringify(records, null, 2);
};
const jsonLines = async (rel: string, change: (records: Json[]) => void) => {
  const records = (await readFile(fixture(rel), "utf8")).trim().split("\n").map((l) => JSON.parse(l) as Json);
  change(records);
  return records.map((r) => JSON.stringify(r)).join("\n") + "\n";
};

const CASES: { benchmark: "generic" | "fantom" | "tomato" | "diamonds" | "exploretom" | "chartom"; name: string; record: number; path: string; text: () => Promise<string> }[] = [
  {
    benchmark: "generic",
    name: "a 10 MB prompt",
    record: 1,
    path: "questions.0.prompt",
    text: () => jsonLines("generic/valid.jsonl", (r) => ((r[1]!.questions as Json[])[0]!.prompt = huge(10 * MB))),
  },
  {
    benchmark: "generic",
    name: "a 1 MB passage paragraph",
    record: 0,
    path: "context.paragraphs.0",
    text: () => jsonLines("generic/valid.jsonl", (r) => (((r[0]!.context as Json).paragraphs as string[])[0] = huge(MB))),
  },
  {
    benchmark: "fantom",
    name: "a 1 MB full context",
    record: 1,
    path: "full_context",
    text: () => jsonArray("fantom/valid.json", (r) => (r[1]!.full_context = huge(MB))),
  },
  {
    benchmark: "tomato",
    name: "a 100,000-character question",
    record: 2,
    path: "q",
    text: () => jsonArray("tomato/valid.json", (r) => (r[2]!.q = huge(100_000))),
  },
  {
    benchmark: "diamonds",
    name: "a 100,000-character utterance",
    record: 0,
    path: "conversation.conversation.0.0.",
    text: () =>
      jsonArray("diamonds/valid.json", (r) => {
        const turns = (r[0]!.conversation as { conversation: Record<string, string>[][] }).conversation;
        const speaker = Object.keys(turns[0]![0]!)[0]!;
        turns[0]![0]![speaker] = huge(100_000);
      }),
  },
  {
    benchmark: "exploretom",
    name: "a 1 MB infilled story",
    record: 0,
    path: "infilled_story",
    text: async () => {
      const rows = parse(await readFile(fixture("exploretom/valid.csv")), { columns: true }) as Record<string, string>[];
      rows[0]!.infilled_story = huge(MB);
      return stringify(rows, { header: true });
    },
  },
  {
    benchmark: "chartom",
    name: "a 1 MB plot window",
    record: 0,
    path: "context_2000",
    text: () => jsonLines("chartom/valid.jsonl", (r) => (r[0]!.context_2000 = huge(MB))),
  },
];

describe("per-field caps on import", () => {
  for (const c of CASES) {
    it(`${c.benchmark}: ${c.name} is refused naming record ${c.record} and the field, leaving zero rows`, async () => {
      const file = await variant(`${c.benchmark}-${c.record}`, await c.text());
      const before = await rowCounts();
      const err = (await importDataset({ file, benchmark: c.benchmark, ownerId: null }).catch((e: unknown) => e)) as ImportRejected;
      expect(err).toBeInstanceOf(ImportRejected);
      const issue = err.issues.find((i) => i.record === c.record && i.path.startsWith(c.path));
      expect(issue, JSON.stringify(err.issues)).toBeDefined();
      expect(issue!.message).toMatch(/at most [\d,]+ characters/);
      expect(await rowCounts()).toEqual(before);
    });
  }
});
