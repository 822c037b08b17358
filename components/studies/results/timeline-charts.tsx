import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { describeRange } from "@/components/charts/describe";
import { TimeLines } from "@/components/charts/time-lines";
import type { Timeline } from "@/lib/studies/timeline";

const when = (start: string) => start.slice(0, 16).replace("T", " ");
const figure = (v: number | null) => (v === null ? "—" : v.toFixed(3));

// Progress over time (every design): answers per bucket and units complete at each bucket's end.
export function ProgressOverTime({ timeline }: { timeline: Timeline }) {
  const { points, bucket } = timeline;
  const starts = points.map((p) => p.start);
  const total = points.reduce((s, p) => s + p.answers, 0);
  const busiest = points.reduce<(typeof points)[number] | null>((best, p) => (!best || p.answers > best.answers ? p : best), null);
  const last = points.at(-1);
  const summary = last
    ? `${total} answers from ${when(points[0]!.start)} to ${when(last.start)} UTC, at most ${busiest!.answers} in one ${bucket} (${when(busiest!.start)}); ${last.complete} of ${timeline.units} units complete.`
    : "";
  return (
    <ChartFigure
      title={`Progress over time: answers per ${bucket} and units complete (UTC)`}
      summary={summary}
      empty={points.length === 0 ? "No answers yet." : undefined}
      chart={<TimeLines starts={starts} series={[{ name: `Answers per ${bucket}`, values: points.map((p) => p.answers) }, { name: "Units complete", values: points.map((p) => p.complete) }]} />}
      table={
        <DataTable
          caption={`Answers and units complete per ${bucket}`}
          columns={[`${bucket[0]!.toUpperCase()}${bucket.slice(1)} (UTC)`, "Answers", "Participants", "Units completed", "Units complete"]}
          rows={points.map((p) => [when(p.start), p.answers, p.participants, p.unitsCompleted, p.complete])}
        />
      }
    />
  );
}

// Agreement per check over time, cumulative: each point is the figure over every answer up to the
// end of its bucket, so the last point is the agreement table's.
export function AgreementOverTime({ timeline }: { timeline: Timeline }) {
  const { agreement, bucket } = timeline;
  if (agreement.length === 0) return null;
  const starts = agreement[0]!.points.map((p) => p.start);
  const latest = agreement.map((s) => ({ label: s.label, value: s.points.at(-1)?.percentAgreement ?? null }));
  return (
    <ChartFigure
      title={`Percent agreement per check over time, cumulative (all answers up to the end of each ${bucket}, UTC)`}
      summary={`${describeRange("Percent agreement now", latest)} Krippendorff's α per check is in the table.`}
      chart={<TimeLines starts={starts} domain={[0, 1]} format="percent" series={agreement.map((s) => ({ name: s.label, values: s.points.map((p) => p.percentAgreement) }))} />}
      table={
        <DataTable
          caption="Cumulative agreement per check and bucket"
          columns={[`${bucket[0]!.toUpperCase()}${bucket.slice(1)} (UTC)`, ...agreement.flatMap((s) => [`${s.label}: items`, `${s.label}: percent agreement`, `${s.label}: α`])]}
          rows={starts.map((start, i) => [when(start), ...agreement.flatMap((s) => [s.points[i]!.items, figure(s.points[i]!.percentAgreement), figure(s.points[i]!.krippendorffAlpha)])])}
        />
      }
    />
  );
}
