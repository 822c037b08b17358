import { createHash } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scorePrediction } from "@/lib/benchmarks/prediction";
import { scoringOf } from "@/lib/benchmarks/registry";
import { SCORING_VERSION, type ScoringQuestion } from "@/lib/benchmarks/scoring";
import type { BenchmarkName, Container } from "@/lib/benchmarks/types";
import { asScoring, goldAnswer, loadSample, repoRoot } from "./samples";

// Verdicts on model predictions are stored at import under SCORING_VERSION (lib/datasets/verdicts.ts)
// and reports trust them while the version matches. This pins what the scorers say about a fixed set
// of raw predictions on every fixture: when a scorer's change moves the hash, bump SCORING_VERSION
// (stored verdicts of the old version are then ignored) and record the new hash for it.

const PINNED: Record<number, string> = {
  1: "e8671e3e13e645faaa1e2116a540edbdc006177901e38317dff2aabea0909f76",
};

const FIXTURES: [BenchmarkName, string, Container][] = [
  ["generic", "generic/baseline-kinds.jsonl", "jsonl"],
  ["fantom", "fantom/valid.json", "json_array"],
  ["tomato", "tomato/valid.json", "json_array"],
  ["diamonds", "diamonds/valid.json", "json_array"],
  ["exploretom", "exploretom/valid.csv", "csv"],
  ["chartom", "chartom/valid.jsonl", "jsonl"],
];

const RAW = ["A", "(b)", "C.", "Answer: [D]", "yes", "No.", "N/A", "cannot be determined", "$1,250", "1,250", "Alice and Bob", "nobody", "no idea", ""];
const VIEWS = [null, "short", "full", "c0", "c2000", "structure", "infilled"];

function predictions(q: ScoringQuestion): unknown[] {
  const gold = goldAnswer(q);
  const optionText = q.kind === "single_choice" && typeof gold === "number" ? [q.options?.[gold]] : [];
  return [...RAW, gold, JSON.stringify(gold), ...optionText];
}

describe("SCORING_VERSION", () => {
  it("pins the scorers' verdicts on fixed raw predictions over every fixture (bump it when this hash changes)", async () => {
    const hash = createHash("sha256");
    let verdicts = 0;
    for (const [benchmark, file, container] of FIXTURES) {
      const scoring = scoringOf(benchmark);
      const sample = await loadSample(path.join(repoRoot, "tests/fixtures", file), benchmark, container);
      expect(sample.records.length, file).toBeGreaterThan(0);
      for (const { parsed } of sample.records) {
        for (const input of parsed.questions) {
          const q = asScoring(input, parsed.sourceId);
          for (const view of VIEWS) {
            for (const raw of predictions(q)) {
              const correct = scorePrediction(scoring, q, raw, { view }).score.correct;
              hash.update(`${benchmark}|${q.id}|${view}|${JSON.stringify(raw)}|${correct}\n`);
              verdicts++;
            }
          }
        }
      }
    }
    expect(verdicts).toBeGreaterThan(1000);
    expect({ version: SCORING_VERSION, hash: hash.digest("hex") }).toEqual({ version: SCORING_VERSION, hash: PINNED[SCORING_VERSION] });
  });
});
