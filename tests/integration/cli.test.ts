import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
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
});
