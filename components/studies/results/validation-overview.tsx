import { useTranslations } from "next-intl";
import { AgreementTable } from "@/components/studies/agreement-table";
import { ChartsOverTime } from "@/components/studies/results/timeline-charts";
import type { OverviewProps } from "@/components/studies/results/types";

// Validation: agreement per check (the table), and how agreement and progress built up over time.
export function ValidationOverview({ study, results, timeline }: OverviewProps) {
  const t = useTranslations("console.results");
  return (
    <>
      <AgreementTable agreement={results.agreement} />
      <section aria-labelledby="over-time-heading" className="space-y-4">
        <h2 id="over-time-heading" className="text-lg font-semibold">
          {t("overTime")}
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartsOverTime timeline={timeline} agreementOf={study.id} />
        </div>
      </section>
    </>
  );
}
