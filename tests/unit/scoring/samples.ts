import { existsSync } from "node:fs";
import path from "node:path";
import { getAdapter, scoringOf } from "@/lib/benchmarks/registry";
import type { ScoredItem, ScoringQuestion } from "@/lib/benchmarks/scoring";
import type { BenchmarkName, Container, ImportIssue, ParsedRecord, QuestionInput, RawRecord } from "@/lib/benchmarks/types";
import { readAndParse } from "@/lib/benchmarks/validate";

// Real samples are read from ../shared/datasets through the importer's pipeline (reader, adapter
// schema, toItems), never copied into the repo. Tests skip with a note when the folder is absent.

export const repoRoot = path.resolve(import.meta.dirname, "../../..");
export const datasets = path.resolve(repoRoot, "../shared/datasets");

export function sampleDir(benchmarkFolder: string): { dir: string; present: boolean } {
  const dir = path.join(datasets, benchmarkFolder);
  const present = existsSync(dir);
  if (!present) console.log(`skipping real-sample scoring tests: ${dir} is not there (the shared benchmark samples are not on this machine)`);
  return { dir, present };
}

export interface Sample {
  records: { raw: RawRecord; parsed: ParsedRecord }[];
  issues: ImportIssue[];
}

export async function loadSample(file: string, benchmark: BenchmarkName, container: Container): Promise<Sample> {
  const sample: Sample = { records: [], issues: [] };
  const stream = readAndParse(file, { container, adapter: getAdapter(benchmark), file: { name: path.basename(file) } });
  for await (const item of stream) {
    if (item.type === "record") sample.records.push({ raw: item.raw, parsed: item.parsed });
    else sample.issues.push(item.issue);
  }
  return sample;
}

/** The answer a perfect respondent gives, in the participant shape. */
export function goldAnswer(q: Pick<QuestionInput, "gold">): unknown {
  const g = q.gold;
  switch (g.kind) {
    case "single_choice":
      return g.index;
    case "multi_select":
      return g.values;
    case "yes_no":
      return g.value;
    case "numeric":
      return "unanswerable" in g ? null : g.value;
    case "short_text":
      return g.value;
    case "free_text":
      return g.reference;
  }
}

/** A stored question as scoring sees it. */
export function asScoring(q: QuestionInput, sourceId: string): ScoringQuestion {
  return { ...q, sourceId, id: `${sourceId}#${q.position}` };
}

export interface Answering {
  respondent?: string;
  view?: string | null;
  group?: string;
}

/** Every question of the records answered by `answer` (default: the gold answer) and scored by the benchmark's scorer. */
export function answerAll(
  benchmark: BenchmarkName,
  records: readonly ParsedRecord[],
  answer: (q: ScoringQuestion, record: ParsedRecord) => unknown = goldAnswer,
  who: Answering = {},
): ScoredItem[] {
  const scoring = scoringOf(benchmark);
  const ctx = { view: who.view ?? null };
  return records.flatMap((record) =>
    record.questions.map((input) => {
      const question = asScoring(input, record.sourceId);
      const given = answer(question, record);
      const item: ScoredItem = { question, respondent: who.respondent ?? "p1", answer: given, score: scoring.score(question, given, ctx) };
      if (who.group !== undefined) item.group = who.group;
      if (who.view !== undefined) item.view = who.view;
      return item;
    }),
  );
}
