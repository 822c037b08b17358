import { useTranslations } from "next-intl";
import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { describeRange, formatInterval, percent } from "@/components/charts/describe";
import { IntervalBars } from "@/components/charts/interval-bars";
import type { AccuracyRow, ModelRow } from "@/lib/designs";
import { points } from "@/lib/points";

const pValue = (p: number | null) => (p === null ? "—" : p < 0.001 ? "< 0.001" : p.toFixed(3));

/** The table of models beside humans: each on the questions with a scored human answer, humans' accuracy on those, human − model (Newcombe interval), exact McNemar p. */
export function ModelsTable({ models, caption }: { models: ModelRow[]; caption: string }) {
  const t = useTranslations("console.results.baseline");
  return (
    <DataTable
      caption={caption}
      columns={[t("model"), t("questions"), t("humanAccuracyPaired"), t("modelAccuracy"), t("humanMinusModel"), t("newcombe"), t("mcnemar")]}
      rows={models.map((m) => [m.model, m.n, percent(m.humanAccuracy), percent(m.accuracy), points(m.diff), formatInterval(m.diffCi95, points), pValue(m.mcnemarP)])}
    />
  );
}

// Humans and every model with predictions on the same questions, side by side.
export function HumansAndModels({ overall, models }: { overall: Pick<AccuracyRow, "accuracy" | "ci95" | "n">; models: ModelRow[] }) {
  const t = useTranslations("console.results.baseline");
  const range = useTranslations("console.charts.range");
  const bars = [{ label: t("humans"), value: overall.accuracy, ci: overall.ci95 }, ...models.map((m) => ({ label: m.model, value: m.accuracy, ci: null }))];
  return (
    <ChartFigure
      title={t("humansAndModels")}
      summary={describeRange(range, t("accuracy"), bars)}
      empty={overall.n === 0 ? t("noScored") : undefined}
      chart={<IntervalBars categories={bars.map((b) => b.label)} series={[{ name: t("accuracy"), values: bars.map((b) => b.value), ci: bars.map((b) => b.ci) }]} />}
      table={
        models.length ? (
          <ModelsTable models={models} caption={t("modelsBeside")} />
        ) : (
          <DataTable caption={t("heading")} columns={[t("who"), "n", t("accuracy"), t("wilson")]} rows={[[t("humans"), overall.n, percent(overall.accuracy), formatInterval(overall.ci95)]]} />
        )
      }
    />
  );
}
