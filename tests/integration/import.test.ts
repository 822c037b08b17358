import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { exportDataset } from "@/lib/datasets/export";
import { importDataset, ImportRejected } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import { fixture, HAS_SHARED, REAL_SAMPLES, sample } from "../support/paths";

async function bytesOf(chunks: AsyncIterable<string | Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(typeof c === "string" ? Buffer.from(c) : Buffer.from(c));
  return Buffer.concat(parts);
}

async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await pool().query<{ t: string; n: number }>(
    `SELECT 'Dataset' t, count(*)::int n FROM "Dataset" UNION ALL SELECT 'SourceRecord', count(*)::int FROM "SourceRecord"
     UNION ALL SELECT 'Context', count(*)::int FROM "Context" UNION ALL SELECT 'Question', count(*)::int FROM "Question"`,
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.n]));
}

describe.skipIf(!HAS_SHARED)("real samples from ../shared/datasets", () => {
  for (const s of REAL_SAMPLES) {
    it(`${s.file} imports with the right counts and exports back byte for byte`, async () => {
      const summary = await importDataset({ file: sample(s.file), benchmark: "auto", ownerId: null });
      expect(summary.benchmark).toBe(s.benchmark);
      expect(summary.sourceRecords).toBe(s.records);
      expect(summary.questions).toBe(s.questions);
      if ("contexts" in s) expect(summary.contexts).toBe(s.contexts);
      const exported = await bytesOf((await exportDataset({ datasetId: summary.datasetId, format: "source" })).chunks);
      expect(exported.equals(await readFile(sample(s.file)))).toBe(true);
    });
  }

  it("a filtered export keeps the source format and only the selected records", async () => {
    const { datasetId } = await importDataset({ file: sample("tomato/tomato_fb.json.sample"), benchmark: "tomato", ownerId: null, asNewVersion: true });
    const out = await bytesOf((await exportDataset({ datasetId, format: "source", filter: { mental_state: ["emotion"] } })).chunks);
    const records = JSON.parse(out.toString()) as { mental_state: string }[];
    const all = JSON.parse(await readFile(sample("tomato/tomato_fb.json.sample"), "utf8")) as { mental_state: string }[];
    expect(records).toEqual(all.filter((r) => r.mental_state === "emotion"));
  });

  it("FANToM: a set is kept whole when any of its questions is selected", async () => {
    const { datasetId } = await importDataset({ file: sample("fantom/fantom_v1.json.sample"), benchmark: "fantom", ownerId: null, asNewVersion: true });
    const out = await bytesOf((await exportDataset({ datasetId, format: "source", filter: { tom_type: ["second-order:cyclic"] } })).chunks);
    const kept = JSON.parse(out.toString()) as { set_id: string }[];
    const all = JSON.parse(await readFile(sample("fantom/fantom_v1.json.sample"), "utf8")) as { set_id: string; beliefQAs: { tom_type: string }[] }[];
    expect(kept).toEqual(all.filter((r) => r.beliefQAs.some((b) => b.tom_type === "second-order:cyclic")));
  });

  it("the same file twice is refused with the existing dataset's name; --as-new-version accepts it", async () => {
    const file = sample("chartom-qa/chartom-format-fixture.jsonl");
    const first = await importDataset({ file, benchmark: "auto", ownerId: null, name: "CharToM first", asNewVersion: true });
    const again = importDataset({ file, benchmark: "auto", ownerId: null });
    await expect(again).rejects.toBeInstanceOf(ImportRejected);
    await expect(again).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/already imported as "CharToM first"/) });
    const second = await importDataset({ file, benchmark: "auto", ownerId: null, asNewVersion: true });
    expect(second.datasetId).not.toBe(first.datasetId);
  });

  it("on the web, the duplicate message names the checkbox, and names another owner's dataset only to someone who may see it", async () => {
    const file = sample("chartom-qa/chartom-format-fixture.jsonl");
    await importDataset({ file, benchmark: "auto", ownerId: null, name: "Someone else's CharToM", asNewVersion: true });
    const { rows } = await pool().query<{ id: string }>(
      `INSERT INTO "User" (id, email, name, "passwordHash", role, "updatedAt") VALUES (gen_random_uuid(), 'dup-stranger@example.org', 'S', 'x', 'researcher', now()) RETURNING id`,
    );
    const stranger = rows[0]!;
    const asStranger = importDataset({ file, benchmark: "auto", ownerId: stranger.id, via: { kind: "web", seesAll: false } });
    await expect(asStranger).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/in a dataset you cannot see.*Import as a new version/) });
    await expect(asStranger).rejects.not.toMatchObject({ message: expect.stringMatching(/Someone else/) });
    const asAdmin = importDataset({ file, benchmark: "auto", ownerId: stranger.id, via: { kind: "web", seesAll: true } });
    await expect(asAdmin).rejects.toMatchObject({ message: expect.stringMatching(/already imported as "Someone else's CharToM".*tick "Import as a new version"/) });
  });
});

describe("bad input: a clear error, and nothing written", () => {
  const corrupt = [
    ["fantom", "fantom/corrupt.json"],
    ["tomato", "tomato/corrupt.json"],
    ["diamonds", "diamonds/corrupt.json"],
    ["exploretom", "exploretom/corrupt.csv"],
    ["chartom", "chartom/corrupt.jsonl"],
    ["generic", "generic/corrupt.jsonl"],
  ] as const;
  for (const [benchmark, file] of corrupt) {
    it(`${benchmark}: one corrupted record refuses the whole file with record, path and reason, leaving zero rows`, async () => {
      const before = await rowCounts();
      const err = (await importDataset({ file: fixture(file), benchmark, ownerId: null }).catch((e) => e)) as ImportRejected;
      expect(err).toBeInstanceOf(ImportRejected);
      expect(err.total).toBeGreaterThan(0);
      const issue = err.issues[0]!;
      expect(issue.record).not.toBeNull();
      expect(issue.message.length).toBeGreaterThan(3);
      expect(await rowCounts()).toEqual(before);
    });
  }

  it("valid fixtures of every benchmark import", async () => {
    for (const file of ["fantom/valid.json", "tomato/valid.json", "diamonds/valid.json", "exploretom/valid.csv", "chartom/valid.jsonl", "generic/valid.jsonl"]) {
      const summary = await importDataset({ file: fixture(file), benchmark: "auto", ownerId: null });
      expect(summary.questions, file).toBeGreaterThan(0);
    }
  });

  it("an index out of range is named precisely (ToMATO a_idx 7)", async () => {
    const records = JSON.parse(await readFile(fixture("tomato/valid.json"), "utf8")) as Record<string, unknown>[];
    records[1] = { ...records[1], a_idx: 7 };
    const file = path.join(os.tmpdir(), `tomato-aidx-${process.pid}.json`);
    await writeFile(file, JSON.stringify(records, null, 4));
    const err = (await importDataset({ file, benchmark: "tomato", ownerId: null }).catch((e) => e)) as ImportRejected;
    expect(err.issues.some((i) => i.record === 1 && i.path === "a_idx")).toBe(true);
  });

  it.each([
    ["an empty file", "", /empty/i],
    ["truncated JSON", '[{"a0": "x", ', /truncated|end/i],
    ["non-UTF-8 bytes", Buffer.from([0x5b, 0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x5d]), /UTF-8/i],
  ])("%s is refused with a clear message", async (_name, content, message) => {
    const file = path.join(os.tmpdir(), `bad-${process.pid}-${Math.random()}.json`);
    await writeFile(file, content);
    const before = await rowCounts();
    const err = (await importDataset({ file, benchmark: "tomato", ownerId: null }).catch((e) => e)) as ImportRejected;
    expect(err).toBeInstanceOf(ImportRejected);
    expect([err.message, ...err.issues.map((i) => i.message)].join(" ")).toMatch(message);
    expect(await rowCounts()).toEqual(before);
  });

  it("a CSV with missing columns names them", async () => {
    const err = (await importDataset({ file: fixture("exploretom/missing-columns.csv"), benchmark: "exploretom", ownerId: null }).catch((e) => e)) as ImportRejected;
    expect(err).toBeInstanceOf(ImportRejected);
    expect(err.issues.map((i) => i.message).join(" ")).toMatch(/missing/i);
  });

  it("a wrong explicit benchmark names the detected one", async () => {
    const err = (await importDataset({ file: fixture("tomato/valid.json"), benchmark: "fantom", ownerId: null }).catch((e) => e)) as ImportRejected;
    expect(err.message).toMatch(/looks like ToMATO \(tomato\), not FANToM/);
  });

  it("two concurrent imports of one file: exactly one lands", async () => {
    const file = path.join(os.tmpdir(), `race-${process.pid}.jsonl`);
    // different bytes from the other tests' copy of this fixture (a trailing blank line), so no earlier import owns the hash
    await writeFile(file, Buffer.concat([await readFile(fixture("generic/valid.jsonl")), Buffer.from("\n")]));
    const results = await Promise.allSettled([importDataset({ file, benchmark: "auto", ownerId: null }), importDataset({ file, benchmark: "auto", ownerId: null })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/already imported/),
    });
  });

  it("two concurrent imports of one file as new versions both land, as versions 2 and 3", async () => {
    const file = path.join(os.tmpdir(), `race-versions-${process.pid}.jsonl`);
    await writeFile(file, Buffer.concat([await readFile(fixture("generic/valid.jsonl")), Buffer.from("\n\n")]));
    await importDataset({ file, benchmark: "auto", ownerId: null });
    const both = await Promise.all([1, 2].map(() => importDataset({ file, benchmark: "auto", ownerId: null, asNewVersion: true })));
    const { rows } = await pool().query<{ v: number }>(
      `SELECT "hashVersion" AS v FROM "Dataset" WHERE id = ANY($1::uuid[]) ORDER BY 1`,
      [both.map((b) => b.datasetId)],
    );
    expect(rows.map((r) => r.v)).toEqual([2, 3]);
  });
});

describe("files larger than one COPY batch", () => {
  // about 25 MB of hand-made generic items: several of the importer's 8 MB batches
  const ITEMS = 7000;
  const DISTINCT = 5000;
  const item = (i: number) => {
    const c = i % DISTINCT; // items 5000.. reuse the contexts of items 0.., batches apart
    return JSON.stringify({
      id: `big-${i}`,
      context: { type: "passage", paragraphs: [`Passage ${c}. ` + "Sam puts the marble in the box and leaves the room. ".repeat(24), `Ana moves it (${c}).`] },
      questions: [
        { kind: "single_choice", prompt: `Where will Sam look first? (${i})`, options: ["box", "basket"], answer: 0, tags: { question_type: "false_belief" } },
        { kind: "yes_no", prompt: "Does Sam know it moved?", answer: "no" },
      ],
    });
  };
  const write = async (name: string, lines: string[]) => {
    const file = path.join(os.tmpdir(), `${name}-${process.pid}.jsonl`);
    await writeFile(file, lines.join("\n") + "\n");
    return file;
  };

  it("stores a context repeated across batches once, counts everything, and exports the file byte for byte", async () => {
    const file = await write("big", Array.from({ length: ITEMS }, (_, i) => item(i)));
    const summary = await importDataset({ file, benchmark: "generic", ownerId: null });
    expect(summary).toMatchObject({ sourceRecords: ITEMS, contexts: DISTINCT, questions: 2 * ITEMS, byKind: { single_choice: ITEMS, yes_no: ITEMS } });
    const { rows } = await pool().query<{ records: number; contexts: number; questions: number; linked: number }>(
      `SELECT (SELECT count(*)::int FROM "SourceRecord" WHERE "datasetId" = $1) AS records,
              (SELECT count(*)::int FROM "Context" WHERE "datasetId" = $1) AS contexts,
              (SELECT count(*)::int FROM "Question" WHERE "datasetId" = $1) AS questions,
              (SELECT count(DISTINCT q."contextId")::int FROM "Question" q JOIN "Context" c ON c.id = q."contextId" AND c."datasetId" = q."datasetId" WHERE q."datasetId" = $1) AS linked`,
      [summary.datasetId],
    );
    expect(rows[0]).toEqual({ records: ITEMS, contexts: DISTINCT, questions: 2 * ITEMS, linked: DISTINCT });
    const { rows: same } = await pool().query<{ n: number }>(
      `SELECT count(DISTINCT q."contextId")::int AS n FROM "Question" q WHERE q."datasetId" = $1 AND q."sourceId" IN ('big-7', 'big-5007')`,
      [summary.datasetId],
    );
    expect(same[0]?.n).toBe(1);
    const exported = await bytesOf((await exportDataset({ datasetId: summary.datasetId, format: "source" })).chunks);
    expect(exported.equals(await readFile(file))).toBe(true);
  });

  it("a corrupt last record, after earlier batches were written, refuses the file with its record, line and field and leaves zero rows", async () => {
    const lines = Array.from({ length: ITEMS }, (_, i) => item(i + ITEMS));
    lines[ITEMS - 1] = lines[ITEMS - 1]!.replace('"kind":"yes_no"', '"kind":"rating"');
    const file = await write("big-corrupt", lines);
    const before = await rowCounts();
    const err = (await importDataset({ file, benchmark: "generic", ownerId: null }).catch((e) => e)) as ImportRejected;
    expect(err).toBeInstanceOf(ImportRejected);
    expect(err.total).toBe(1);
    expect(err.issues[0]).toMatchObject({ record: ITEMS - 1, line: ITEMS, path: "questions.1.kind" });
    expect(await rowCounts()).toEqual(before);
  });

  it("a refused file's transaction ends after its last COPY: nothing more is sent on the connection after ROLLBACK", async () => {
    // Timing decides whether a batch is still being written when the refusal comes (it usually is
    // with the corrupt record last); whenever it is, no COPY may follow the ROLLBACK.
    const lines = Array.from({ length: ITEMS }, (_, i) => item(i + 2 * ITEMS));
    lines[ITEMS - 1] = lines[ITEMS - 1]!.replace('"answer":0', '"answer":9');
    const file = await write("big-refused", lines);
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      sent.push(typeof q === "string" ? q : (q.text ?? ""));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await expect(importDataset({ file, benchmark: "generic", ownerId: null })).rejects.toBeInstanceOf(ImportRejected);
    } finally {
      pg.Client.prototype.query = query;
    }
    const rollback = sent.lastIndexOf("ROLLBACK");
    expect(rollback).toBeGreaterThan(0);
    expect(sent.slice(0, rollback).some((s) => s.startsWith("COPY"))).toBe(true);
    expect(sent.slice(rollback + 1).filter((s) => s.startsWith("COPY"))).toEqual([]);
  });
});
