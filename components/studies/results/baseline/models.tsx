import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { describeRange, formatInterval, percent } from "@/components/charts/describe";
import { IntervalBars } from "@/components/charts/interval-bars";
import type { AccuracyRow, ModelRow } from "@/lib/designs";

const signed = (v: number | null) => (v === null ? "—" : `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(Math.round(v * 1000) / 10).toFixed(1)} pts`);
const pValue = (p: number | null) => (p === null ? "—" : p < 0.001 ? "< 0.001" : p.toFixed(3));

/** The table of models beside humans: accuracy, human − model (Newcombe interval), exact McNemar p. */
export function ModelsTable({ models, caption }: { models: ModelRow[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      columns={["Model", "Questions", "Model accuracy", "Human − model", "Newcombe 95% interval", "McNemar p (exact)"]}
      rows={models.map((m) => [m.model, m.n, percent(m.accuracy), signed(m.diff), formatInterval(m.diffCi95, (v) => signed(v)), pValue(m.mcnemarP)])}
    />
  );
}

// Humans and every model with predictions on the same questions, side by side.
export function HumansAndModels({ overall, models }: { overall: Pick<AccuracyRow, "accuracy" | "ci95" | "n">; models: ModelRow[] }) {
  const bars = [{ label: "Humans", value: overall.accuracy, ci: overall.ci95 }, ...models.map((m) => ({ label: m.model, value: m.accuracy, ci: null }))];
  return (
    <ChartFigure
      title="Accuracy of humans and of each model (humans with a Wilson 95% interval)"
      summary={describeRange("Accuracy", bars)}
      empty={overall.n === 0 ? "No scored answers yet." : undefined}
      chart={<IntervalBars categories={bars.map((b) => b.label)} series={[{ name: "Accuracy", values: bars.map((b) => b.value), ci: bars.map((b) => b.ci) }]} />}
      table={
        models.length ? (
          <ModelsTable models={models} caption="Models beside humans on the same questions" />
        ) : (
          <DataTable caption="Human accuracy" columns={["Who", "n", "Accuracy", "Wilson 95% interval"]} rows={[["Humans", overall.n, percent(overall.accuracy), formatInterval(overall.ci95)]]} />
        )
      }
    />
  );
}
