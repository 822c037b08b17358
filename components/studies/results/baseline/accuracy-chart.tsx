import { useTranslations } from "next-intl";
import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { describeRange, formatInterval, percent } from "@/components/charts/describe";
import { IntervalBars } from "@/components/charts/interval-bars";
import type { AccuracyRow } from "@/lib/designs";

export interface LabelledRow {
  label: string;
  row: Pick<AccuracyRow, "n" | "correct" | "accuracy" | "ci95">;
}

// Human accuracy per category (question type, stratum) with Wilson 95% intervals.
export function AccuracyChart({ title, what, rows, category }: { title: string; what: string; rows: LabelledRow[]; category: string }) {
  const t = useTranslations("console.results.baseline");
  const range = useTranslations("console.charts.range");
  return (
    <ChartFigure
      title={title}
      summary={describeRange(range, what, rows.map((r) => ({ label: r.label, value: r.row.accuracy })))}
      empty={rows.length === 0 ? t("noScored") : undefined}
      chart={<IntervalBars categories={rows.map((r) => r.label)} series={[{ name: t("humans"), values: rows.map((r) => r.row.accuracy), ci: rows.map((r) => r.row.ci95) }]} />}
      table={
        <DataTable
          caption={title}
          columns={[category, "n", t("correct"), t("accuracy"), t("wilson")]}
          rows={rows.map((r) => [r.label, r.row.n, r.row.correct, percent(r.row.accuracy), formatInterval(r.row.ci95)])}
        />
      }
    />
  );
}
