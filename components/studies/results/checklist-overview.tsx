import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { describeRange, formatInterval, percent } from "@/components/charts/describe";
import { IntervalBars } from "@/components/charts/interval-bars";
import { AgreementTable } from "@/components/studies/agreement-table";
import { ProgressOverTime } from "@/components/studies/results/timeline-charts";
import type { OverviewProps } from "@/components/studies/results/types";
import type { ChecklistResults } from "@/lib/designs";

const figure = (v: number | null) => (v === null ? "—" : v.toFixed(3));
const FAILING_SHOWN = 50;

// Expert review: per criterion how many units passed (Wilson interval), decision counts and
// agreement among reviewers, and the items failing a criterion.
export function ChecklistOverview({ results: generic, timeline }: OverviewProps) {
  const results = generic as ChecklistResults;
  const criteria = results.criteria;
  const label = (c: (typeof criteria)[number]) => c.prompt;
  return (
    <>
      <section aria-labelledby="criteria-heading" className="space-y-4">
        <h2 id="criteria-heading" className="text-lg font-semibold">
          Criteria
        </h2>
        <ChartFigure
          title="Pass rate per criterion (decided units), with Wilson 95% intervals"
          summary={describeRange("The pass rate", criteria.map((c) => ({ label: label(c), value: c.passRate })))}
          empty={criteria.length === 0 ? "No criteria." : undefined}
          chart={<IntervalBars categories={criteria.map((c) => c.key)} yLabel="Pass rate" series={[{ name: "Pass rate", values: criteria.map((c) => c.passRate), ci: criteria.map((c) => c.ci95) }]} />}
          table={
            <DataTable
              caption="Decisions and agreement per criterion"
              columns={["Criterion", "Decided", "Passed", "Failed", "Ties", "Pass rate", "Wilson 95% interval", "Cohen’s κ", "Fleiss’ κ", "Krippendorff’s α", "Percent agreement"]}
              rows={criteria.map((c) => [label(c), c.decided, c.passed, c.failed, c.ties, percent(c.passRate), formatInterval(c.ci95), figure(c.cohenKappa), figure(c.fleissKappa), figure(c.krippendorffAlpha), figure(c.percentAgreement)])}
            />
          }
        />
      </section>
      <AgreementTable agreement={results.agreement} />
      {results.failing.length > 0 && (
        <section aria-labelledby="failing-heading" className="space-y-2 rounded-card border border-line bg-surface p-4">
          <h2 id="failing-heading" className="text-lg font-semibold">
            Items failing a criterion{results.failing.length > FAILING_SHOWN ? ` (the first ${FAILING_SHOWN} of ${results.failing.length})` : ""}
          </h2>
          <DataTable
            caption="Items failing a criterion"
            columns={["Unit", "Failed criteria", "Source ids"]}
            rows={results.failing.slice(0, FAILING_SHOWN).map((f) => [f.title ?? `Unit ${f.ordinal}`, f.criteria.join(", "), f.questions.map((q) => q.sourceId).join(", ")])}
          />
        </section>
      )}
      <ProgressOverTime timeline={timeline} />
    </>
  );
}
