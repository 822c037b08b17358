import { useTranslations } from "next-intl";
import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { describeRange, formatInterval, percent } from "@/components/charts/describe";
import { IntervalBars } from "@/components/charts/interval-bars";
import { AgreementTable } from "@/components/studies/agreement-table";
import { ChartsOverTime } from "@/components/studies/results/timeline-charts";
import type { OverviewProps } from "@/components/studies/results/types";
import type { ChecklistResults } from "@/lib/designs";

const figure = (v: number | null) => (v === null ? "—" : v.toFixed(3));
const FAILING_SHOWN = 50;

// Expert review: per criterion how many units passed (Wilson interval), decision counts and
// agreement among reviewers, and the items failing a criterion.
export function ChecklistOverview({ results: generic, timeline }: OverviewProps) {
  const t = useTranslations("console.results.checklist");
  const range = useTranslations("console.charts.range");
  const results = generic as ChecklistResults;
  const criteria = results.criteria;
  const label = (c: (typeof criteria)[number]) => c.prompt;
  return (
    <>
      <section aria-labelledby="criteria-heading" className="space-y-4">
        <h2 id="criteria-heading" className="text-lg font-semibold">
          {t("heading")}
        </h2>
        <ChartFigure
          title={t("title")}
          summary={describeRange(range, t("thePassRate"), criteria.map((c) => ({ label: label(c), value: c.passRate })))}
          empty={criteria.length === 0 ? t("empty") : undefined}
          chart={<IntervalBars categories={criteria.map((c) => c.key)} yLabel={t("passRate")} series={[{ name: t("passRate"), values: criteria.map((c) => c.passRate), ci: criteria.map((c) => c.ci95) }]} />}
          table={
            <DataTable
              caption={t("caption")}
              columns={[t("criterion"), t("decided"), t("passed"), t("failed"), t("ties"), t("passRate"), t("wilson"), t("cohen"), t("fleiss"), t("alpha"), t("percent")]}
              rows={criteria.map((c) => [label(c), c.decided, c.passed, c.failed, c.ties, percent(c.passRate), formatInterval(c.ci95), figure(c.cohenKappa), figure(c.fleissKappa), figure(c.krippendorffAlpha), figure(c.percentAgreement)])}
            />
          }
        />
      </section>
      <AgreementTable agreement={results.agreement} />
      {results.failing.length > 0 && (
        <section aria-labelledby="failing-heading" className="space-y-2 rounded-card border border-line bg-surface p-4">
          <h2 id="failing-heading" className="text-lg font-semibold">
            {t("failing")}
            {results.failing.length > FAILING_SHOWN ? t("firstOf", { shown: String(FAILING_SHOWN), total: String(results.failing.length) }) : ""}
          </h2>
          <DataTable
            caption={t("failing")}
            columns={[t("unit"), t("failedCriteria"), t("sourceIds")]}
            rows={results.failing.slice(0, FAILING_SHOWN).map((f) => [f.title ?? t("unitN", { n: String(f.ordinal) }), f.criteria.join(", "), f.questions.map((q) => q.sourceId).join(", ")])}
          />
        </section>
      )}
      <ChartsOverTime timeline={timeline} />
    </>
  );
}
