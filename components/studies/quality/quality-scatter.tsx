import { useTranslations } from "next-intl";
import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { percent } from "@/components/charts/describe";
import { ScatterPlot } from "@/components/charts/scatter-plot";
import type { QualityRow } from "@/lib/studies/quality";

// Gold accuracy against agreement with the others' majority: participants low on both stand out
// at the bottom left. Only participants with both figures are drawn.
export function QualityScatter({ rows }: { rows: QualityRow[] }) {
  const t = useTranslations("console.quality.scatter");
  const both = rows.filter((r): r is QualityRow & { goldAccuracy: number; agreementWithMajority: number } => r.goldAccuracy !== null && r.agreementWithMajority !== null);
  const lowest = [...both].sort((a, b) => a.goldAccuracy + a.agreementWithMajority - (b.goldAccuracy + b.agreementWithMajority))[0];
  return (
    <ChartFigure
      title={t("title")}
      summary={
        lowest
          ? t("summary", { count: String(both.length), lowest: lowest.pseudonym, gold: percent(lowest.goldAccuracy), agreement: percent(lowest.agreementWithMajority) })
          : ""
      }
      empty={both.length === 0 ? t("empty") : undefined}
      chart={<ScatterPlot points={both.map((r) => ({ x: r.agreementWithMajority, y: r.goldAccuracy }))} xLabel={t("agreement")} yLabel={t("gold")} xDomain={[0, 1]} yDomain={[0, 1]} />}
      table={
        <DataTable
          caption={t("caption")}
          columns={[t("participant"), t("agreement"), t("gold")]}
          rows={both.map((r) => [r.pseudonym, percent(r.agreementWithMajority), percent(r.goldAccuracy)])}
        />
      }
    />
  );
}
