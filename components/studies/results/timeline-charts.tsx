import { useTranslations } from "next-intl";
import { Suspense } from "react";
import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { describeRange } from "@/components/charts/describe";
import { TimeLines } from "@/components/charts/time-lines";
import { AgreementPending } from "@/components/studies/results/agreement-pending";
import type { Timeline } from "@/lib/studies/timeline";

const when = (start: string) => start.slice(0, 16).replace("T", " ");
const figure = (v: number | null) => (v === null ? "—" : v.toFixed(3));

// Progress over time (every design): answers per bucket and units complete at each bucket's end.
export function ProgressOverTime({ timeline }: { timeline: Timeline }) {
  const t = useTranslations("console.results.timeline");
  const { points, bucket } = timeline;
  const starts = points.map((p) => p.start);
  const total = points.reduce((s, p) => s + p.answers, 0);
  const busiest = points.reduce<(typeof points)[number] | null>((best, p) => (!best || p.answers > best.answers ? p : best), null);
  const last = points.at(-1);
  const summary = last
    ? t("summary", {
        total: String(total),
        from: when(points[0]!.start),
        to: when(last.start),
        most: String(busiest!.answers),
        bucket,
        busiest: when(busiest!.start),
        complete: String(last.complete),
        units: String(timeline.units),
      })
    : "";
  return (
    <ChartFigure
      title={t("progressTitle", { bucket })}
      summary={summary}
      empty={points.length === 0 ? t("empty") : undefined}
      chart={<TimeLines starts={starts} series={[{ name: t("answersPer", { bucket }), values: points.map((p) => p.answers) }, { name: t("unitsComplete"), values: points.map((p) => p.complete) }]} />}
      table={
        <DataTable
          caption={t("progressCaption", { bucket })}
          columns={[t("bucketColumn", { bucket: `${bucket[0]!.toUpperCase()}${bucket.slice(1)}` }), t("answers"), t("participants"), t("unitsCompleted"), t("unitsComplete")]}
          rows={points.map((p) => [when(p.start), p.answers, p.participants, p.unitsCompleted, p.complete])}
        />
      }
    />
  );
}

// Agreement per check over time, cumulative: each point is the figure over every answer up to the
// end of its bucket, so the last point is the agreement table's.
export function AgreementOverTime({ timeline, studyId }: { timeline: Timeline; studyId: string }) {
  const t = useTranslations("console.results.timeline");
  const range = useTranslations("console.charts.range");
  const { agreement, bucket } = timeline;
  if (timeline.agreementPending) return <AgreementPending studyId={studyId} bucket={bucket} working={t("agreementPending")} failed={t("agreementFailed")} />;
  if (agreement.length === 0) return null;
  const starts = agreement[0]!.points.map((p) => p.start);
  const latest = agreement.map((s) => ({ label: s.label, value: s.points.at(-1)?.percentAgreement ?? null }));
  return (
    <ChartFigure
      title={t("agreementTitle", { bucket })}
      summary={t("agreementSummary", { range: describeRange(range, t("agreementNow"), latest) })}
      chart={<TimeLines starts={starts} domain={[0, 1]} format="percent" series={agreement.map((s) => ({ name: s.label, values: s.points.map((p) => p.percentAgreement) }))} />}
      table={
        <DataTable
          caption={t("agreementCaption")}
          columns={[
            t("bucketColumn", { bucket: `${bucket[0]!.toUpperCase()}${bucket.slice(1)}` }),
            ...agreement.flatMap((s) => [t("checkItems", { check: s.label }), t("checkPercent", { check: s.label }), t("checkAlpha", { check: s.label })]),
          ]}
          rows={starts.map((start, i) => [when(start), ...agreement.flatMap((s) => [s.points[i]!.items, figure(s.points[i]!.percentAgreement), figure(s.points[i]!.krippendorffAlpha)])])}
        />
      }
    />
  );
}

/** The charts over time, streamed into the overview when they are ready: the rest of the page does not
 *  wait for them (at a million answers the agreement over time takes longer than the results).
 *  `agreementOf`: the study whose agreement over time is drawn too (vote-based designs). */
export function ChartsOverTime({ timeline, agreementOf }: { timeline: Promise<Timeline>; agreementOf?: string }) {
  return (
    <Suspense fallback={<ChartsPending />}>
      <ChartsReady timeline={timeline} agreementOf={agreementOf} />
    </Suspense>
  );
}

async function ChartsReady({ timeline, agreementOf }: { timeline: Promise<Timeline>; agreementOf?: string }) {
  const ready = await timeline;
  return (
    <>
      <ProgressOverTime timeline={ready} />
      {agreementOf && <AgreementOverTime timeline={ready} studyId={agreementOf} />}
    </>
  );
}

function ChartsPending() {
  const t = useTranslations("console.results.timeline");
  return (
    <p role="status" className="rounded-card border border-line bg-surface p-4 text-sm text-muted">
      {t("pending")}
    </p>
  );
}
