import path from "node:path";
import { describe, expect, it } from "vitest";
import { classItems, classQuestion, classTags } from "@/lib/benchmarks/classes";
import { SCORINGS, scoringOf } from "@/lib/benchmarks/registry";
import type { ScoredItem, ScoringQuestion } from "@/lib/benchmarks/scoring";
import type { BenchmarkName, Container } from "@/lib/benchmarks/types";
import { answerAll, goldAnswer, loadSample, repoRoot } from "./samples";

// The dashboard hands a summary one item per group of equal answers (with `count`) where the
// benchmark neither pairs by respondent nor reads the answers themselves. For every such benchmark
// that must give the very figures the answers one by one give.

const FIXTURES: [BenchmarkName, string, Container][] = [
  ["generic", "generic/baseline-kinds.jsonl", "jsonl"],
  ["tomato", "tomato/valid.json", "json_array"],
  ["diamonds", "diamonds/valid.json", "json_array"],
  ["diamonds", "diamonds/base-conv-QA.jsonl", "json_array"],
  ["exploretom", "exploretom/valid.csv", "csv"],
];

/** An answer of the right shape that is (almost always) wrong. */
function wrong(q: ScoringQuestion): unknown {
  const gold = goldAnswer(q);
  switch (q.kind) {
    case "single_choice":
      return ((gold as number) + 1) % Math.max(2, q.options?.length ?? 2);
    case "multi_select":
      return [];
    case "yes_no":
      return gold === "yes" ? "no" : "yes";
    case "numeric":
      return gold === null ? 7 : null;
    default:
      return "nobody knows";
  }
}

/** Equal answers grouped as the dashboard's SQL groups them: question, verdict, graded score, and the answer where the summary reads it. */
function grouped(items: readonly ScoredItem[], readsAnswers: boolean): ScoredItem[] {
  const out = new Map<string, ScoredItem>();
  for (const item of items) {
    const key = JSON.stringify([item.question.id, item.score.correct, item.score.graded ?? null, readsAnswers ? item.score.normalized : ""]);
    const seen = out.get(key);
    if (seen) seen.count = (seen.count ?? 1) + 1;
    else out.set(key, { ...item, respondent: "", ...(readsAnswers ? {} : { answer: "", score: { ...item.score, normalized: "" } }), count: 1 });
  }
  return [...out.values()];
}

describe("a summary over grouped answers equals the summary over the answers one by one", () => {
  for (const [benchmark, file, container] of FIXTURES) {
    it(`${benchmark} (${file})`, async () => {
      const scoring = scoringOf(benchmark);
      expect(scoring.perRespondent).not.toBe(true);
      const sample = await loadSample(path.join(repoRoot, "tests/fixtures", file), benchmark, container);
      expect(sample.records.length).toBeGreaterThan(0);
      const parsed = sample.records.map((r) => r.parsed);
      // five people: three give the gold answer, two a wrong one (a different mix per question)
      const items = ["p1", "p2", "p3", "p4", "p5"].flatMap((p, i) =>
        answerAll(benchmark, parsed, (q) => ((q.position + i) % 5 < 3 ? goldAnswer(q) : wrong(q)), { respondent: p }),
      );
      const groups = grouped(items, scoring.summaryReadsAnswers === true);
      expect(groups.length).toBeLessThan(items.length);
      expect(scoring.summarize(groups, { view: null })).toEqual(scoring.summarize(items, { view: null }));
    });
  }
});

// Where a benchmark declares what its summary reads (summaryReads), the dashboard goes further: one
// item per class of questions alike in those parts and per verdict (lib/benchmarks/classes.ts).
describe("a summary over classes of alike questions equals the summary over the answers one by one (summaryReads)", () => {
  const declaring = FIXTURES.filter(([benchmark]) => scoringOf(benchmark).summaryReads);
  it("every benchmark that declares summaryReads has a fixture here", () => {
    for (const benchmark of Object.keys(SCORINGS) as BenchmarkName[]) if (scoringOf(benchmark).summaryReads) expect(declaring.map(([b]) => b)).toContain(benchmark);
    expect(declaring.length).toBeGreaterThan(0);
  });
  for (const [benchmark, file, container] of declaring) {
    it(`${benchmark} (${file}): the summary and every answer's type`, async () => {
      const scoring = scoringOf(benchmark);
      expect(scoring.perRespondent).not.toBe(true);
      expect(scoring.summaryReadsAnswers).not.toBe(true);
      const sample = await loadSample(path.join(repoRoot, "tests/fixtures", file), benchmark, container);
      const parsed = sample.records.map((r) => r.parsed);
      const items = ["p1", "p2", "p3", "p4", "p5"].flatMap((p, i) =>
        answerAll(benchmark, parsed, (q) => ((q.position + i) % 5 < 3 ? goldAnswer(q) : wrong(q)), { respondent: p }),
      );
      const names = scoring.summaryReads!.tags;
      const classes = classItems(items, names);
      expect(classes.length).toBeLessThan(items.length);
      expect(scoring.summarize(classes, { view: null })).toEqual(scoring.summarize(items, { view: null }));
      for (const item of items) expect(scoring.typeOf(classQuestion(item.question.kind, classTags(item.question.tags, names), names))).toBe(scoring.typeOf(item.question));
    });
  }

  it("a summary that reads more than it declares throws instead of counting wrong", async () => {
    // ExploreToM's summary reads the expected answer (the gold) and which question an item is
    const sample = await loadSample(path.join(repoRoot, "tests/fixtures/exploretom/valid.csv"), "exploretom", "csv");
    const items = answerAll("exploretom", sample.records.map((r) => r.parsed), (q) => goldAnswer(q), { respondent: "p1" });
    const tags = Object.keys(items[0]!.question.tags);
    expect(() => scoringOf("exploretom").summarize(classItems(items, tags), { view: null })).toThrow(/summaryReads does not declare/);
    const q = classQuestion("single_choice", { order: "first" }, ["order"]);
    expect(q.tags.order).toBe("first");
    expect(() => q.tags.mental_state).toThrow(/tag "mental_state"/);
    expect(() => q.gold).toThrow(/gold/);
  });
});
