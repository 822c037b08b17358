import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoringOf } from "@/lib/benchmarks/registry";
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
