import Link from "next/link";
import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { describeRange, formatInterval } from "@/components/charts/describe";
import { IntervalBars } from "@/components/charts/interval-bars";
import { ScatterPlot } from "@/components/charts/scatter-plot";
import { formatSeconds } from "@/components/studies/format";
import { AgreementTable } from "@/components/studies/agreement-table";
import { ProgressOverTime } from "@/components/studies/results/timeline-charts";
import type { OverviewProps } from "@/components/studies/results/types";
import type { RatingResults } from "@/lib/designs";

const num = (v: number | null) => (v === null ? "—" : v.toFixed(3));
const RATERS_SHOWN = 50;

// Response rating: the mean human score per model (bootstrap interval), how each automatic metric
// tracks the human score (a scatter per metric, Pearson and Spearman with intervals), and raters.
export function RatingOverview({ study, results: generic, timeline }: OverviewProps) {
  const results = generic as RatingResults;
  const { scale, models, correlations, scatter } = results;
  // the bars' axis runs over the scale, scaled to 0–1 so the shared chart draws it
  const unit = (v: number | null) => (v === null ? null : (v - scale.min) / (scale.max - scale.min));
  const shown = (v: number) => num(scale.min + v * (scale.max - scale.min));
  const raters = results.participants.slice(0, RATERS_SHOWN);
  return (
    <>
      <section aria-labelledby="models-heading" className="space-y-4">
        <h2 id="models-heading" className="text-lg font-semibold">
          Ratings per model
        </h2>
        <ChartFigure
          title={`Mean human score per model on the ${scale.min}–${scale.max} scale, with bootstrap 95% intervals`}
          summary={describeRange("The mean human score", models.map((m) => ({ label: m.model, value: m.meanScore })), (v) => v.toFixed(2))}
          empty={models.length === 0 ? "No ratings yet." : undefined}
          chart={
            <IntervalBars
              categories={models.map((m) => m.model)}
              yLabel={`Mean score (0% = ${scale.min}, 100% = ${scale.max})`}
              series={[{ name: "Mean score", values: models.map((m) => unit(m.meanScore)), ci: models.map((m) => (m.ci95 ? [unit(m.ci95[0])!, unit(m.ci95[1])!] : null)) }]}
            />
          }
          table={
            <DataTable
              caption="Mean human score per model"
              columns={["Model", "Answers", "Ratings", "Mean score", "Bootstrap 95% interval", "Penalty rate"]}
              rows={models.map((m) => [m.model, m.answers, m.ratings, num(m.meanScore), formatInterval(m.ci95, (v) => v.toFixed(3)), m.penaltyRate === null ? "—" : `${Math.round(m.penaltyRate * 100)}%`])}
            />
          }
        />
        {results.icc && (
          <p className="text-sm text-muted">
            Agreement on the score: ICC({results.icc.form}) single {num(results.icc.single)}, mean of raters {num(results.icc.average)}, over {results.icc.answers} fully rated answers.
          </p>
        )}
      </section>
      <section aria-labelledby="metrics-heading" className="space-y-4">
        <h2 id="metrics-heading" className="text-lg font-semibold">
          Human scores against automatic metrics
        </h2>
        {correlations.length === 0 && <p className="text-sm text-muted">No metric values yet.</p>}
        <div className="grid gap-4 lg:grid-cols-2">
          {correlations.map((c) => {
            const points = scatter.find((s) => s.metric === c.metric)?.points ?? [];
            return (
              <ChartFigure
                key={c.metric}
                title={`${c.metric} against the mean human score, one point per rated answer`}
                summary={`${c.n} answers: Pearson r = ${num(c.pearson)} ${formatInterval(c.pearsonCi95, (v) => v.toFixed(2))}, Spearman ρ = ${num(c.spearman)} ${formatInterval(c.spearmanCi95, (v) => v.toFixed(2))} (95% intervals).`}
                empty={points.length === 0 ? `No answers have both a ${c.metric} value and a human score.` : undefined}
                chart={<ScatterPlot points={points.map((p) => ({ x: p.metric, y: p.human }))} xLabel={c.metric} yLabel="Mean human score" yDomain={[scale.min, scale.max]} />}
                table={
                  <DataTable
                    caption={`${c.metric} and the mean human score per answer`}
                    columns={["Answer (question · model)", c.metric, "Mean human score"]}
                    rows={points.map((p) => [`${p.questionId.slice(0, 8)} · ${p.model}`, num(p.metric), shown(unit(p.human)!)])}
                  />
                }
              />
            );
          })}
        </div>
      </section>
      <AgreementTable agreement={results.agreement} />
      <section aria-labelledby="raters-heading" className="space-y-2 rounded-card border border-line bg-surface p-4">
        <h2 id="raters-heading" className="text-lg font-semibold">
          Per rater{results.participants.length > raters.length ? ` (the first ${raters.length})` : ""}
        </h2>
        <DataTable caption="Ratings per rater" columns={["Rater", "Units", "Median time per unit"]} rows={raters.map((p) => [p.pseudonym, p.units, formatSeconds(p.medianSeconds)])} />
        <p className="text-sm">
          <Link href={`/studies/${study.id}/participants`} className="text-primary underline underline-offset-2">
            All participants
          </Link>
        </p>
      </section>
      <ProgressOverTime timeline={timeline} />
    </>
  );
}
