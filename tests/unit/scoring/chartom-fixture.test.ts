import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoringOf } from "@/lib/benchmarks/registry";
import type { ScoredItem } from "@/lib/benchmarks/scoring";
import { answerAll, goldAnswer, loadSample, sampleDir } from "./samples";

const { dir, present } = sampleDir("chartom-qa");
const chartom = scoringOf("chartom");

describe.skipIf(!present)("CharToM-QA on the format fixture (chartom-format-fixture.jsonl)", async () => {
  const sample = present ? await loadSample(path.join(dir, "chartom-format-fixture.jsonl"), "chartom", "jsonl") : { records: [], issues: [] };
  const raw = sample.records.map((r) => r.raw.value as { tom_dimension: string });
  const parsed = sample.records.map((r) => r.parsed);
  const n = raw.length;

  // the human study: a reader and a non-reader answer each question at c0, then may revise at
  // c2000; the non-reader gets the first multiple-choice question wrong at c0 and revises it
  function study(): ScoredItem[] {
    const wrongFirst = (q: Parameters<typeof goldAnswer>[0] & { kind: string }, record: { sourceId: string }) =>
      record.sourceId === parsed[0]!.sourceId && q.kind === "single_choice" ? ((goldAnswer(q) as number) + 1) % 4 : goldAnswer(q);
    return [
      ...answerAll("chartom", parsed, goldAnswer, { respondent: "r1", group: "read", view: "c0" }),
      ...answerAll("chartom", parsed, goldAnswer, { respondent: "r1", group: "read", view: "c2000" }),
      ...answerAll("chartom", parsed, wrongFirst, { respondent: "n1", group: "not read", view: "c0" }),
      ...answerAll("chartom", parsed, goldAnswer, { respondent: "n1", group: "not read", view: "c2000" }),
    ];
  }

  it("CharToM-QA Table 3: multiple-choice accuracy per group × window, the generative answers unscored and counted apart", () => {
    expect(sample.issues).toEqual([]);
    const s = chartom.summarize(study(), { view: null });
    expect(s.tables[1]!.rows.map((r) => [r.group.subset, r.group.group, r.group.window, r.n, r.correct])).toEqual([
      ["all", "read", "c0", n, n],
      ["all", "read", "c2000", n, n],
      ["all", "not read", "c0", n, n - 1],
      ["all", "not read", "c2000", n, n],
    ]);
    expect(s.notes.join(" ")).toContain(`${4 * n} generative answers are not machine-scored`);
  });

  it("CharToM-QA Table 2: accuracy per ToM dimension and window", () => {
    const rows = chartom.summarize(study(), { view: null }).tables[0]!.rows;
    const perDimension = (d: string) => raw.filter((r) => r.tom_dimension === d).length;
    for (const row of rows) expect(row.n).toBe(2 * perDimension(row.group.dimension!));
    expect(new Set(rows.map((r) => r.group.dimension))).toEqual(new Set(raw.map((r) => r.tom_dimension)));
  });

  it("CharToM-QA evaluate_en.py index parsing: each gold candidate written as \"(k)\" is read back and right", () => {
    const items = answerAll("chartom", parsed, (q) => (q.kind === "single_choice" ? chartom.parse(q, `(${(goldAnswer(q) as number) + 1})`) : goldAnswer(q)));
    expect(items.filter((i) => i.question.kind === "single_choice").every((i) => i.score.correct === true)).toBe(true);
  });

  it("CharToM-QA §6.4: the indirect subset appears when questions are tagged indirect", () => {
    const tagged = study().map((i) => (i.question.sourceId === parsed[0]!.sourceId ? { ...i, question: { ...i.question, tags: { ...i.question.tags, indirect: true } } } : i));
    const s = chartom.summarize(tagged, { view: null });
    expect(s.tables[1]!.rows.filter((r) => r.group.subset === "indirect").map((r) => [r.group.group, r.group.window, r.n, r.correct])).toEqual([
      ["read", "c0", 1, 1],
      ["read", "c2000", 1, 1],
      ["not read", "c0", 1, 0],
      ["not read", "c2000", 1, 1],
    ]);
    expect(s.comparisons!.find((c) => c.id === "window:c0-c2000@not read")!.difference).toBeCloseTo(1 / n, 12);
  });
});
