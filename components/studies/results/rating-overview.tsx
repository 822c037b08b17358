import { useTranslations } from "next-intl";
import Link from "next/link";
import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { describeRange, formatInterval } from "@/components/charts/describe";
import { IntervalBars } from "@/components/charts/interval-bars";
import { ScatterPlot } from "@/components/charts/scatter-plot";
import { formatSeconds } from "@/components/studies/format";
import { AgreementTable } from "@/components/studies/agreement-table";
import { ChartsOverTime } from "@/components/studies/results/timeline-charts";
import type { OverviewProps } from "@/components/studies/results/types";
import type { RatingResults } from "@/lib/designs";

const num = (v: number | null) => (v === null ? "—" : v.toFixed(3));
const RATERS_SHOWN = 50;

// Response rating: the mean human score per model (bootstrap interval), how each automatic metric
// tracks the human score (a scatter per metric, Pearson and Spearman with intervals), and raters.
export function RatingOverview({ study, results: generic, timeline }: OverviewProps) {
  const t = useTranslations("console.results.rating");
  const range = useTranslations("console.charts.range");
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
          {t("heading")}
        </h2>
        <ChartFigure
          title={t("title", { min: String(scale.min), max: String(scale.max) })}
          summary={describeRange(range, t("theMean"), models.map((m) => ({ label: m.model, value: m.meanScore })), (v) => v.toFixed(2))}
          empty={models.length === 0 ? t("empty") : undefined}
          chart={
            <IntervalBars
              categories={models.map((m) => m.model)}
              yLabel={t("yLabel", { min: String(scale.min), max: String(scale.max) })}
              series={[{ name: t("meanScore"), values: models.map((m) => unit(m.meanScore)), ci: models.map((m) => (m.ci95 ? [unit(m.ci95[0])!, unit(m.ci95[1])!] : null)) }]}
            />
          }
          table={
            <DataTable
              caption={t("caption")}
              columns={[t("model"), t("answers"), t("ratings"), t("meanScore"), t("bootstrap"), t("penalty")]}
              rows={models.map((m) => [m.model, m.answers, m.ratings, num(m.meanScore), formatInterval(m.ci95, (v) => v.toFixed(3)), m.penaltyRate === null ? "—" : `${Math.round(m.penaltyRate * 100)}%`])}
            />
          }
        />
        {results.icc && (
          <p className="text-sm text-muted">
            {t("icc", { form: results.icc.form, single: num(results.icc.single), average: num(results.icc.average), answers: String(results.icc.answers) })}
          </p>
        )}
      </section>
      <section aria-labelledby="metrics-heading" className="space-y-4">
        <h2 id="metrics-heading" className="text-lg font-semibold">
          {t("metricsHeading")}
        </h2>
        {correlations.length === 0 && <p className="text-sm text-muted">{t("noMetrics")}</p>}
        <div className="grid gap-4 lg:grid-cols-2">
          {correlations.map((c) => {
            const points = scatter.find((s) => s.metric === c.metric)?.points ?? [];
            return (
              <ChartFigure
                key={c.metric}
                title={t("metricTitle", { metric: c.metric })}
                summary={t("metricSummary", {
                  n: String(c.n),
                  pearson: num(c.pearson),
                  pearsonCi: formatInterval(c.pearsonCi95, (v) => v.toFixed(2)),
                  spearman: num(c.spearman),
                  spearmanCi: formatInterval(c.spearmanCi95, (v) => v.toFixed(2)),
                })}
                empty={points.length === 0 ? t("metricEmpty", { metric: c.metric }) : undefined}
                chart={<ScatterPlot points={points.map((p) => ({ x: p.metric, y: p.human }))} xLabel={c.metric} yLabel={t("meanHuman")} yDomain={[scale.min, scale.max]} />}
                table={
                  <DataTable
                    caption={t("metricCaption", { metric: c.metric })}
                    columns={[t("answerColumn"), c.metric, t("meanHuman")]}
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
          {t("perRater")}
          {results.participants.length > raters.length ? t("firstN", { n: String(raters.length) }) : ""}
        </h2>
        <DataTable caption={t("ratersCaption")} columns={[t("rater"), t("units"), t("median")]} rows={raters.map((p) => [p.pseudonym, p.units, formatSeconds(p.medianSeconds)])} />
        <p className="text-sm">
          <Link href={`/studies/${study.id}/participants`} className="text-primary underline underline-offset-2">
            {t("allParticipants")}
          </Link>
        </p>
      </section>
      <ChartsOverTime timeline={timeline} />
    </>
  );
}
