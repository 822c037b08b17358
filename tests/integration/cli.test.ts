import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listDatasets } from "@/lib/datasets/service";
import { db } from "@/lib/db/client";
import { createUser } from "@/lib/users/service";
import { fixture, HAS_SHARED, sample } from "../support/paths";

// The CLI as a user runs it: a child process on this file's database, exit codes and the
// JSON last line exactly as documented.
function sally(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/sally.ts", ...args], { env: { ...process.env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
const lastLine = (s: string) => JSON.parse(s.trim().split("\n").at(-1)!);

describe("sally CLI", () => {
  it("import --json prints {datasetId, benchmark, sourceRecords, contexts, questions, byKind} and exits 0", async () => {
    const r = await sally("import", "--benchmark", "auto", fixture("tomato/valid.json"), "--name", "cli tomato", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = lastLine(r.stdout);
    expect(Object.keys(out)).toEqual(["datasetId", "benchmark", "sourceRecords", "contexts", "questions", "byKind"]);
    expect(out).toMatchObject({ benchmark: "tomato", byKind: { single_choice: out.questions } });

    const list = await sally("datasets", "--json");
    expect(list.code).toBe(0);
    const rows = lastLine(list.stdout) as Record<string, unknown>[];
    const mine = rows.find((d) => d.id === out.datasetId)!;
    expect(Object.keys(mine)).toEqual(["id", "name", "benchmark", "sourceRecords", "questions"]);
    expect(mine).toEqual({ id: out.datasetId, name: "cli tomato", benchmark: "tomato", sourceRecords: out.sourceRecords, questions: out.questions });

    const file = path.join(os.tmpdir(), `cli-export-${process.pid}.json`);
    const exp = await sally("export", "--dataset", out.datasetId, "--format", "source", "--out", file);
    expect(exp.code, exp.stderr).toBe(0);
    expect(await readFile(file, "utf8")).toBe(await readFile(fixture("tomato/valid.json"), "utf8"));
  });

  it("import exits 1 and prints the error list for a corrupted file", async () => {
    const r = await sally("import", "--benchmark", "tomato", fixture("tomato/corrupt.json"), "--json");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/record \d+/);
  });

  it("export --where keeps the source format and the selected records", async () => {
    const imported = lastLine((await sally("import", "--benchmark", "auto", fixture("exploretom/valid.csv"), "--json")).stdout);
    const r = await sally("export", "--dataset", imported.datasetId, "--format", "source", "--where", "nth_order=1");
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^story_structure,infilled_story,question,expected_answer/);
    expect(lines.length).toBeGreaterThan(1);
  });

  it.skipIf(!HAS_SHARED)("import-predictions links answers to questions and reports unknown ids", async () => {
    const imported = lastLine((await sally("import", "--benchmark", "auto", sample("fantom/fantom_v1.json.sample"), "--as-new-version", "--json")).stdout);
    const file = path.join(os.tmpdir(), `preds-${process.pid}.jsonl`);
    await writeFile(
      file,
      [
        { sourceId: "0-0-0", question: 0, model: "gpt-x", answer: "Sara and Javier" },
        { sourceId: "0-0-0", question: 2, model: "gpt-x", answer: 1 },
        { sourceId: "9-9-9", question: 0, model: "gpt-x", answer: "?" },
      ]
        .map((l) => JSON.stringify(l))
        .join("\n") + "\n",
    );
    const r = await sally("import-predictions", file, "--dataset", imported.datasetId, "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(lastLine(r.stdout)).toMatchObject({ imported: 2, unknownCount: 1, models: ["gpt-x"], unknown: [{ line: 3, sourceId: "9-9-9" }] });
  });

  it("a usage error exits 2 with the usage line", async () => {
    const r = await sally("export", "--dataset", "not-a-uuid", "--format", "source");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Usage: npm run -s sally -- export/);
  });

  it("--help prints the usage on stdout and exits 0, for the CLI and for a command; an unknown command exits 2", async () => {
    const all = await sally("--help");
    expect(all).toMatchObject({ code: 0, stderr: "" });
    for (const name of ["import", "study", "report", "tag-questions", "errata"]) expect(all.stdout).toMatch(new RegExp(`^  ${name} `, "m"));
    const study = await sally("study", "--help");
    expect(study).toMatchObject({ code: 0, stderr: "" });
    expect(study.stdout).toMatch(/^Usage: npm run -s sally -- study create --spec/);
    const unknown = await sally("studies");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown command "studies"/);
  });
});

describe("sally import --owner", () => {
  const researcher = (role: "researcher" | "annotator") =>
    createUser({ actorId: null, input: { email: `${role}-${randomUUID()}@x.test`, name: role, role, password: "0123456789ab" } });

  it("gives the dataset to the named researcher (same JSON keys); without --owner only admins see it", async () => {
    const owner = await researcher("researcher");
    const r = await sally("import", "--benchmark", "auto", fixture("generic/valid.jsonl"), "--as-new-version", "--owner", owner.email.toUpperCase(), "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = lastLine(r.stdout);
    expect(Object.keys(out)).toEqual(["datasetId", "benchmark", "sourceRecords", "contexts", "questions", "byKind"]);
    expect((await db().dataset.findUniqueOrThrow({ where: { id: out.datasetId } })).ownerId).toBe(owner.id);
    expect((await listDatasets({ id: owner.id, role: "researcher" })).map((d) => d.id)).toContain(out.datasetId);

    const ownerless = lastLine((await sally("import", "--benchmark", "auto", fixture("generic/valid.jsonl"), "--as-new-version", "--json")).stdout);
    expect((await db().dataset.findUniqueOrThrow({ where: { id: ownerless.datasetId } })).ownerId).toBeNull();
    expect((await listDatasets({ id: owner.id, role: "researcher" })).map((d) => d.id)).not.toContain(ownerless.datasetId);
  });

  it("refuses an owner who is not an active researcher or admin (exit 1, nothing imported) and a malformed email (exit 2)", async () => {
    const annotator = await researcher("annotator");
    const before = await db().dataset.count();
    for (const email of ["nobody@x.test", annotator.email]) {
      const r = await sally("import", "--benchmark", "auto", fixture("generic/valid.jsonl"), "--as-new-version", "--owner", email);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/--owner: no active researcher or admin has the email/);
    }
    expect(await db().dataset.count()).toBe(before);
    const bad = await sally("import", "--benchmark", "auto", fixture("generic/valid.jsonl"), "--owner", "not-an-email");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Usage: npm run -s sally -- import/);
  });
});

describe("sally import-metrics", () => {
  const csv = async (name: string, lines: string[]) => {
    const file = path.join(os.tmpdir(), `metrics-${name}-${randomUUID()}.csv`);
    await writeFile(file, lines.join("\n") + "\n");
    return file;
  };
  const stored = (datasetId: string) =>
    db().modelMetric.findMany({ where: { question: { datasetId } }, orderBy: [{ metric: "asc" }, { model: "asc" }, { question: { sourceId: "asc" } }, { question: { position: "asc" } }], include: { question: { select: { sourceId: true, position: true } } } });

  it("links rows by sourceId and position (or question id), reports unknown ones, and replaces values on a re-import", async () => {
    const { datasetId } = lastLine((await sally("import", "--benchmark", "auto", fixture("chartom/valid.jsonl"), "--as-new-version", "--json")).stdout);
    const first = await csv("first", [
      "sourceId,question,model,metric,value",
      "item-0,1,m1,rouge_l,0.25",
      "item-1,1,m1,rouge_l,0.5",
      "item-9,1,m1,rouge_l,0.1",
      "item-2,,m1,rouge_l,0.7",
    ]);
    const r = await sally("import-metrics", first, "--dataset", datasetId, "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(lastLine(r.stdout)).toEqual({
      datasetId,
      rows: 4,
      imported: 2,
      models: ["m1"],
      metrics: ["rouge_l"],
      unknown: [
        { line: 4, sourceId: "item-9", question: 1, reason: "no record with this sourceId" },
        { line: 5, sourceId: "item-2", reason: 'the record has 2 questions; give "question" (0–1)' },
      ],
      unknownCount: 2,
    });

    const item0 = (await stored(datasetId)).find((m) => m.question.sourceId === "item-0")!;
    const again = await csv("again", ["questionId,model,metric,value", `${item0.questionId},m1,rouge_l,0.75`, `${item0.questionId},m1,bert_score,0.9`, `${randomUUID()},m1,rouge_l,0.2`]);
    const r2 = await sally("import-metrics", again, "--dataset", datasetId, "--json");
    expect(r2.code, r2.stderr).toBe(0);
    expect(lastLine(r2.stdout)).toMatchObject({ imported: 2, metrics: ["bert_score", "rouge_l"], unknownCount: 1, unknown: [{ line: 4, reason: "no question with this id in the dataset" }] });
    expect((await stored(datasetId)).map((m) => [m.metric, m.question.sourceId, m.question.position, m.value])).toEqual([
      ["bert_score", "item-0", 1, 0.9],
      ["rouge_l", "item-0", 1, 0.75],
      ["rouge_l", "item-1", 1, 0.5],
    ]);
  });

  it("refuses a file with a malformed row or an unknown header (exit 1, nothing stored) and bad arguments (exit 2)", async () => {
    const { datasetId } = lastLine((await sally("import", "--benchmark", "auto", fixture("chartom/valid.jsonl"), "--as-new-version", "--json")).stdout);
    const bad = await csv("bad", ["sourceId,question,model,metric,value", "item-0,1,m1,rouge_l,0.25", "item-1,1,m1,rouge_l,high", "item-1,x,m1,rouge_l,0.3"]);
    const r = await sally("import-metrics", bad, "--dataset", datasetId);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/2 invalid row\(s\); nothing was imported/);
    expect(r.stderr).toMatch(/line 3: value: value must be a number/);
    expect(r.stderr).toMatch(/line 4: question: /);
    const header = await csv("header", ["id,model,score", "item-0,m1,0.2"]);
    const h = await sally("import-metrics", header, "--dataset", datasetId, "--json");
    expect(h.code).toBe(1);
    expect(h.stderr).toMatch(/needs the header sourceId,question,model,metric,value/);
    expect(await stored(datasetId)).toEqual([]);
    const usage = await sally("import-metrics", bad);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run -s sally -- import-metrics/);
  });
});
