import { isBenchmarkName, scoringOf } from "@/lib/benchmarks/registry";
import type { BenchmarkScoring, ScoringContext } from "@/lib/benchmarks/scoring";
import type { Queryable } from "@/lib/db/queryable";
import type { Study } from "@/lib/designs/types";

// The benchmark's own scorer for a study's dataset. A dataset's benchmark never changes, so it
// is read once per process.
const benchmarks = new Map<string, string>();

export async function scorerOf(client: Queryable, study: Pick<Study, "datasetId">): Promise<{ benchmark: string; scoring: BenchmarkScoring }> {
  let benchmark = benchmarks.get(study.datasetId);
  if (!benchmark) {
    const { rows } = await client.query<{ benchmark: string }>(`SELECT benchmark FROM "Dataset" WHERE id = $1`, [study.datasetId]);
    benchmark = rows[0]?.benchmark ?? "generic";
    benchmarks.set(study.datasetId, benchmark);
  }
  return { benchmark, scoring: scoringOf(isBenchmarkName(benchmark) ? benchmark : "generic") };
}


/** The view the answers of a stage were given under (stages, else the study's view). */
export function viewAt(study: Pick<Study, "settings">, stage: number): ScoringContext {
  const { stages, view } = study.settings;
  return { view: stages.length > 0 ? (stages[Math.min(stage, stages.length) - 1]?.view ?? null) : view };
}
