import { useTranslations } from "next-intl";
import { AccuracyChart } from "@/components/studies/results/baseline/accuracy-chart";
import { GroupsAndStages } from "@/components/studies/results/baseline/group-stage";
import { HumansAndModels } from "@/components/studies/results/baseline/models";
import { BaselineParticipants } from "@/components/studies/results/baseline/participants";
import { SummaryTables } from "@/components/studies/results/baseline/summary-tables";
import { ChartsOverTime } from "@/components/studies/results/timeline-charts";
import type { OverviewProps } from "@/components/studies/results/types";
import type { BaselineResults } from "@/lib/designs";
import { accuracy } from "@/lib/metrics";

const stratumLabel = (key: Record<string, string>, all: string) => Object.entries(key).map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`).join(", ") || all;

// The "Human accuracy" view: per type and stratum with intervals, humans beside models, the
// benchmark's own tables, groups and stages, per participant, and progress over time.
export function BaselineOverview({ study, results: generic, timeline }: OverviewProps) {
  const t = useTranslations("console.results.baseline");
  const results = generic as BaselineResults;
  const n = results.byType.reduce((s, r) => s + r.n, 0);
  const correct = results.byType.reduce((s, r) => s + r.correct, 0);
  const all = accuracy(correct, n);
  const overall = { n, accuracy: all.value, ci95: all.value === null ? null : ([all.lower, all.upper] as [number, number]) };
  return (
    <section aria-labelledby="accuracy-heading" className="space-y-4">
      <h2 id="accuracy-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <AccuracyChart title={t("perType")} what={t("heading")} category={t("questionType")} rows={results.byType.map((r) => ({ label: r.key, row: r }))} />
        <HumansAndModels overall={overall} models={results.models} />
      </div>
      <SummaryTables summary={results.summary} />
      {results.byStratum.length > 1 && (
        <AccuracyChart title={t("perStratum")} what={t("heading")} category={t("stratum")} rows={results.byStratum.map((r) => ({ label: stratumLabel(r.key, t("all")), row: r }))} />
      )}
      <GroupsAndStages results={results} />
      <BaselineParticipants studyId={study.id} rows={results.byParticipant} />
      <ChartsOverTime timeline={timeline} />
    </section>
  );
}
