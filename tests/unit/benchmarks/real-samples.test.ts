import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectSource } from "@/lib/benchmarks/detect";
import { readAll } from "@/lib/benchmarks/read";
import type { BenchmarkName, Container } from "@/lib/benchmarks/types";
import { writeToBuffer } from "@/lib/benchmarks/write";
import { chunked, importFile, questionsOf, sharedDatasets } from "./helpers";

// The real samples live outside the repository (their licences forbid copying them in).
const available = existsSync(sharedDatasets);
if (!available) console.log(`Skipping the real-sample tests: ${sharedDatasets} is not there (CI always has it).`);

const sample = (file: string) => path.join(sharedDatasets, file);

const SAMPLES: [string, BenchmarkName, Container][] = [
  ["fantom/fantom_v1.json.sample", "fantom", "json_array"],
  ["tomato/tomato_fb.json.sample", "tomato", "json_array"],
  ["diamonds/underspec-conv-QA.jsonl.sample", "diamonds", "json_array"],
  ["exploretom/exploretom-format-fixture.csv", "exploretom", "csv"],
  ["chartom-qa/chartom-format-fixture.jsonl", "chartom", "jsonl"],
];

describe.skipIf(!available)("real benchmark samples", () => {
  it.each(SAMPLES)("detects %s as %s", async (file, benchmark, container) => {
    expect(await detectSource(sample(file), path.basename(file))).toEqual({ benchmark, container });
  });

  it("FANToM: 4 sets, each with 1 + 2 per belief question + 2 lists + every binary question", async () => {
    const sets = JSON.parse(readFileSync(sample("fantom/fantom_v1.json.sample"), "utf8")) as {
      beliefQAs: unknown[];
      infoAccessibilityQAs_binary: unknown[];
      answerabilityQAs_binary: unknown[];
    }[];
    const imported = await importFile(sample("fantom/fantom_v1.json.sample"), "fantom", "json_array");
    expect(imported.issues).toEqual([]);
    expect(imported.records.map((r) => r.parsed.sourceId)).toEqual(["0-0-0", "0-0-1", "1-0-0", "1-0-1"]);
    const expected = sets.map((s) => 1 + 2 * s.beliefQAs.length + 2 + s.infoAccessibilityQAs_binary.length + s.answerabilityQAs_binary.length);
    expect(imported.records.map((r) => r.parsed.questions.length)).toEqual(expected);
    expect(expected).toEqual([17, 15, 19, 19]);
    for (const q of questionsOf(imported)) if (q.kind === "single_choice") expect(q.options).toHaveLength(2);
  });

  it("ToMATO: 656 questions in 126 scenarios and 343 distinct conversations", async () => {
    const imported = await importFile(sample("tomato/tomato_fb.json.sample"), "tomato", "json_array");
    expect(imported.issues).toEqual([]);
    const questions = questionsOf(imported);
    expect(questions).toHaveLength(656);
    expect(new Set(questions.map((q) => q.groupKeys.scenario)).size).toBe(126);
    expect(new Set(imported.records.map((r) => JSON.stringify(r.parsed.contexts[0]!.views))).size).toBe(343);
    const ids = JSON.parse(readFileSync(sample("tomato/test_ids.json"), "utf8")) as string[];
    for (const q of questions) expect(ids).toContain(q.groupKeys.scenario);
  });

  it("DIAMONDs: 313 questions over 57 scenarios, all unanswerable", async () => {
    const imported = await importFile(sample("diamonds/underspec-conv-QA.jsonl.sample"), "diamonds", "jsonl", "underspec-conv-QA.jsonl");
    expect(imported.issues).toEqual([]);
    const questions = questionsOf(imported);
    expect(questions).toHaveLength(313);
    expect(new Set(questions.map((q) => q.groupKeys.scenario)).size).toBe(57);
    expect(new Set(imported.records.map((r) => r.parsed.sourceId)).size).toBe(313);
    for (const q of questions) expect(q.gold).toEqual({ kind: "numeric", unanswerable: true });
    expect(new Set(questions.map((q) => q.tags.variant))).toEqual(new Set(["underspecified"]));
  });

  it("ExploreToM fixture: one question per row", async () => {
    const imported = await importFile(sample("exploretom/exploretom-format-fixture.csv"), "exploretom", "csv");
    expect(imported.issues).toEqual([]);
    const rows = await readAll(sample("exploretom/exploretom-format-fixture.csv"), "csv");
    expect(questionsOf(imported)).toHaveLength(rows.records.length);
  });

  it("CharToM-QA fixture: two questions per item", async () => {
    const imported = await importFile(sample("chartom-qa/chartom-format-fixture.jsonl"), "chartom", "jsonl");
    expect(imported.issues).toEqual([]);
    expect(questionsOf(imported)).toHaveLength(imported.records.length * 2);
  });

  it.each(SAMPLES)("%s: read then written back gives the same bytes", async (file, _benchmark, container) => {
    const original = readFileSync(sample(file));
    const { records, layout } = await readAll(chunked(original, 4093), container);
    const written = await writeToBuffer(layout, records.map((r) => r.raw));
    expect(written.equals(original)).toBe(true);
  });

  it.each(SAMPLES)("%s: a filtered export keeps the format and only the chosen records", async (file, _benchmark, container) => {
    const { records, layout } = await readAll(sample(file), container);
    const chosen = records.filter((_, i) => i % 3 !== 0);
    const written = await writeToBuffer(layout, chosen.map((r) => r.raw));
    const again = await readAll(chunked(written, 1 << 16), container);
    expect(again.layout).toEqual(layout);
    expect(again.records.map((r) => r.value)).toEqual(chosen.map((r) => r.value));
  });
});
