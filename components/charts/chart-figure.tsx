"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

// Every chart of the console: a title that says what it shows, a text summary of it (the chart's
// accessible description, shown to everyone), and its data table one click away. The chart itself
// is an image to assistive technology (role="img"); the table carries the same numbers.
export function ChartFigure({ title, summary, chart, table, empty }: { title: string; summary: string; chart: ReactNode; table: ReactNode; empty?: string }) {
  const t = useTranslations("console.charts");
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  const tableId = `${id}-table`;
  return (
    <figure aria-labelledby={titleId} className="space-y-2 rounded-card border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {title}
        </h3>
        {!empty && (
          <Button variant="secondary" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}>
            {showTable ? t("showChart") : t("showTable")}
          </Button>
        )}
      </div>
      <p id={summaryId} className="text-sm text-muted">
        {empty ?? summary}
      </p>
      {!empty && (
        <>
          <div role="img" aria-labelledby={titleId} aria-describedby={summaryId} hidden={showTable} className="h-72 w-full" data-chart>
            {chart}
          </div>
          <div id={tableId} hidden={!showTable} className="relative overflow-x-auto">
            {table}
          </div>
        </>
      )}
    </figure>
  );
}
