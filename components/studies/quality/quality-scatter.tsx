import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { percent } from "@/components/charts/describe";
import { ScatterPlot } from "@/components/charts/scatter-plot";
import type { QualityRow } from "@/lib/studies/quality";

// Gold accuracy against agreement with the others' majority: participants low on both stand out
// at the bottom left. Only participants with both figures are drawn.
export function QualityScatter({ rows }: { rows: QualityRow[] }) {
  const both = rows.filter((r): r is QualityRow & { goldAccuracy: number; agreementWithMajority: number } => r.goldAccuracy !== null && r.agreementWithMajority !== null);
  const lowest = [...both].sort((a, b) => a.goldAccuracy + a.agreementWithMajority - (b.goldAccuracy + b.agreementWithMajority))[0];
  return (
    <ChartFigure
      title="Gold accuracy against agreement with the others’ majority, one point per participant"
      summary={
        lowest
          ? `${both.length} participants have both figures; the lowest together is ${lowest.pseudonym}: gold accuracy ${percent(lowest.goldAccuracy)}, agreement ${percent(lowest.agreementWithMajority)}.`
          : ""
      }
      empty={both.length === 0 ? "No participant has both a gold accuracy and an agreement with the majority yet." : undefined}
      chart={<ScatterPlot points={both.map((r) => ({ x: r.agreementWithMajority, y: r.goldAccuracy }))} xLabel="Agreement with the majority" yLabel="Gold accuracy" xDomain={[0, 1]} yDomain={[0, 1]} />}
      table={
        <DataTable
          caption="Gold accuracy and agreement with the majority per participant"
          columns={["Participant", "Agreement with the majority", "Gold accuracy"]}
          rows={both.map((r) => [r.pseudonym, percent(r.agreementWithMajority), percent(r.goldAccuracy)])}
        />
      }
    />
  );
}
