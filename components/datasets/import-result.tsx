"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import type { Ref } from "react";
import { IssuesTable } from "@/components/datasets/issues-table";
import type { ImportProblem, ImportSummary } from "@/components/datasets/import-events";
import { SummaryTables } from "@/components/datasets/summary-tables";
import { buttonClass } from "@/components/ui/button";

// What an import ended with. The heading takes focus (tabIndex -1), so keyboard and
// screen-reader users land on the result.

export function ImportSummaryView({ summary, benchmarkLabel, ref }: { summary: ImportSummary; benchmarkLabel: string; ref?: Ref<HTMLHeadingElement> }) {
  const t = useTranslations("console.datasets.result");
  return (
    <section aria-labelledby="import-summary-heading" className="space-y-4 rounded-card border border-success bg-success-soft/40 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="import-summary-heading" ref={ref} tabIndex={-1} className="text-lg font-semibold">
            {t("summary")}
          </h3>
          <p className="mt-1 text-sm">
            {t.rich("imported", { name: summary.name, benchmark: benchmarkLabel, b: (chunks) => <span className="font-semibold">{chunks}</span> })}
          </p>
        </div>
        <Link href={`/datasets/${summary.datasetId}`} className={buttonClass("primary")}>
          {t("open")}
        </Link>
      </div>
      <SummaryTables summary={summary} />
    </section>
  );
}

export function ImportProblemView({ problem, ref }: { problem: ImportProblem; ref?: Ref<HTMLHeadingElement> }) {
  return (
    <section aria-labelledby="import-problem-heading" className="space-y-3 rounded-card border border-danger bg-danger-soft p-4 sm:p-6">
      <h3 id="import-problem-heading" ref={ref} tabIndex={-1} className="text-lg font-semibold text-danger">
        {problem.title}
      </h3>
      <p className="break-words">{problem.detail}</p>
      {problem.invalid_params && problem.invalid_params.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {problem.invalid_params.map((p) => (
            <li key={p.name}>
              <span className="font-medium">{p.name}</span>: {p.reason}
            </li>
          ))}
        </ul>
      )}
      <IssuesTable issues={problem.issues} total={problem.total ?? problem.issues.length} />
    </section>
  );
}
