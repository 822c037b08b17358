import path from "node:path";
import { describe, expect, it } from "vitest";
import { chartomReport } from "@/lib/benchmarks/chartom/report";
import type { ResultInput } from "@/lib/benchmarks/report";
import { answerAll, goldAnswer, loadSample, sampleDir } from "./samples";

const { dir, present } = sampleDir("chartom-qa");

describe.skipIf(!present)("CharToM-QA on the format fixture (chartom-format-fixture.jsonl)", async () => {
  const sample = present ? await loadSample(path.join(dir, "chartom-format-fixture.jsonl"), "chartom", "jsonl") : { records: [], issues: [] };
  const raw = sample.records.map((r) => r.raw.value as { tom_dimension: string });
  const parsed = sample.records.map((r) => r.parsed);
  const items = raw.length;

  // the human study: a reader and a non-reader answer each multiple-choice question at c0, then may
  // revise at c2000; the non-reader gets the first question wrong at c0 and revises it
  function study(): ResultInput[] {
    const choice = (q: { kind: string }) => q.kind === "single_choice";
    const wrongFirst = (q: Parameters<typeof goldAnswer>[0], record: { sourceId: string }) =>
      record.sourceId === parsed[0]!.sourceId && choice(q) ? ((goldAnswer(q) as number) + 1) % 4 : goldAnswer(q);
    return [
      ...answerAll(parsed, goldAnswer, { group: "read", window: "c0", respondent: "r1" }),
      ...answerAll(parsed, goldAnswer, { group: "read", window: "c2000", respondent: "r1" }),
      ...answerAll(parsed, wrongFirst, { group: "not read", window: "c0", respondent: "n1" }),
      ...answerAll(parsed, goldAnswer, { group: "not read", window: "c2000", respondent: "n1" }),
    ];
  }

  it("gives multiple-choice accuracy per group × window, with the generative answers unscored", () => {
    expect(sample.issues).toEqual([]);
    const report = chartomReport(study());
    const rows = report.tables.find((t) => t.id === "group_window")!.rows;
    expect(rows.map((r) => [r.group.subset, r.group.group, r.group.window, r.n, r.correct, r.unscored])).toEqual([
      ["all", "read", "c0", items, items, items],
      ["all", "read", "c2000", items, items, items],
      ["all", "not read", "c0", items, items - 1, items],
      ["all", "not read", "c2000", items, items, items],
    ]);
    expect(report.unscored).toBe(4 * items);
    expect(report.notes.join(" ")).toContain("indirect");
  });

  it("gives accuracy per ToM dimension and window", () => {
    const report = chartomReport(study());
    const rows = report.tables.find((t) => t.id === "dimension")!.rows;
    const perDimension = (d: string) => raw.filter((r) => r.tom_dimension === d).length;
    for (const row of rows) expect(row.n).toBe(2 * perDimension(row.group.dimension!));
    expect(new Set(rows.map((r) => r.group.dimension))).toEqual(new Set(raw.map((r) => r.tom_dimension)));
  });

  it("reports the indirect subset when questions are tagged indirect", () => {
    const results = study().map((r) => (r.question.sourceId === parsed[0]!.sourceId ? { ...r, question: { ...r.question, tags: { ...r.question.tags, indirect: true } } } : r));
    const report = chartomReport(results);
    const indirect = report.tables.find((t) => t.id === "group_window")!.rows.filter((r) => r.group.subset === "indirect");
    expect(indirect.map((r) => [r.group.group, r.group.window, r.n, r.correct])).toEqual([
      ["read", "c0", 1, 1],
      ["read", "c2000", 1, 1],
      ["not read", "c0", 1, 0],
      ["not read", "c2000", 1, 1],
    ]);
    const revision = report.comparisons.find((c) => c.id === "window:c0-c2000@not read")!;
    expect(revision.difference).toBeCloseTo(1 / items, 12);
  });
});
