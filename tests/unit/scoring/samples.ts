import { existsSync } from "node:fs";
import path from "node:path";
import { getAdapter } from "@/lib/benchmarks/registry";
import type { ResultInput } from "@/lib/benchmarks/report";
import type { BenchmarkName, Container, ImportIssue, ParsedRecord, QuestionInput, RawRecord } from "@/lib/benchmarks/types";
import { readAndParse } from "@/lib/benchmarks/validate";

// Real samples are read from ../shared/datasets through the importer's pipeline (reader, adapter
// schema, toItems), never copied into the repo. Tests skip with a note when the folder is absent.

export const repoRoot = path.resolve(import.meta.dirname, "../../..");
export const datasets = path.resolve(repoRoot, "../shared/datasets");

export function sampleDir(benchmarkFolder: string): { dir: string; present: boolean } {
  const dir = path.join(datasets, benchmarkFolder);
  const present = existsSync(dir);
  if (!present) console.log(`skipping real-sample scoring tests: ${dir} is not there`);
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

/** The answer a perfect respondent gives, in the shape answerSchemaFor expects. */
export function goldAnswer(q: QuestionInput): unknown {
  const g = q.gold;
  switch (g.kind) {
    case "single_choice":
      return g.index;
    case "multi_select":
      return g.values;
    case "yes_no":
      return g.value;
    case "numeric":
      return "unanswerable" in g ? "unanswerable" : g.value;
    case "short_text":
      return g.value;
    case "free_text":
      return "a free-text answer";
  }
}

/** One result per question of the records, answered by `answer` (default: the gold answer). */
export function answerAll(
  records: readonly ParsedRecord[],
  answer: (q: QuestionInput, record: ParsedRecord) => unknown = goldAnswer,
  extra: Partial<Pick<ResultInput, "group" | "window" | "respondent">> = {},
): ResultInput[] {
  return records.flatMap((record) => record.questions.map((q) => ({ question: { ...q, sourceId: record.sourceId }, answer: answer(q, record), ...extra })));
}
