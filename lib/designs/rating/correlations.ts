import { COVERAGE_METRIC } from "@/lib/designs/rating/coverage";
import { pearson, spearman } from "@/lib/metrics";

// Per automatic metric: Pearson's r and Spearman's ρ (lib/metrics, Fisher-z intervals) between
// the metric and the mean human score, over the (question, model) answers that have both. This
// is CharToM-QA Appendix E's comparison (human scores against BPC, ROUGE-L and BERTScore).

export interface CorrelationRow {
  metric: string;
  /** imported with `sally import-metrics`, or computed by Sally (the lexical coverage proxy) */
  source: "imported" | "computed";
  n: number;
  pearson: number | null;
  spearman: number | null;
  pearsonCi95: [number, number] | null;
  spearmanCi95: [number, number] | null;
  notes: string[];
}

export interface Scatter {
  metric: string;
  points: { questionId: string; model: string; metric: number; human: number }[];
}

export function correlate(
  answers: { questionId: string; model: string; human: number }[],
  metrics: { questionId: string; model: string; metric: string; value: number }[],
): { correlations: CorrelationRow[]; scatter: Scatter[] } {
  const human = new Map(answers.map((a) => [`${a.questionId}|${a.model}`, a.human]));
  const byMetric = new Map<string, Scatter["points"]>();
  for (const m of metrics) {
    const h = human.get(`${m.questionId}|${m.model}`);
    if (h === undefined) continue;
    byMetric.set(m.metric, [...(byMetric.get(m.metric) ?? []), { questionId: m.questionId, model: m.model, metric: m.value, human: h }]);
  }
  const names = [...new Set(metrics.map((m) => m.metric))].sort();
  const correlations = names.map((metric): CorrelationRow => {
    const points = byMetric.get(metric) ?? [];
    const x = points.map((p) => p.metric);
    const y = points.map((p) => p.human);
    const r = pearson(x, y);
    const rho = spearman(x, y);
    return {
      metric,
      source: metric === COVERAGE_METRIC ? "computed" : "imported",
      n: points.length,
      pearson: r.value,
      spearman: rho.value,
      pearsonCi95: r.value === null ? null : [r.lower, r.upper],
      spearmanCi95: rho.value === null ? null : [rho.lower, rho.upper],
      notes: [...(r.value === null ? [`Pearson: ${r.reason}`] : []), ...(rho.value === null ? [`Spearman: ${rho.reason}`] : [])],
    };
  });
  return { correlations, scatter: names.map((metric) => ({ metric, points: byMetric.get(metric) ?? [] })) };
}
