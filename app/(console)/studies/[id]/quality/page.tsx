import Link from "next/link";
import { z } from "zod";
import { studyForPage } from "@/components/studies/page-data";
import { QualityScatter } from "@/components/studies/quality/quality-scatter";
import { QualityTable } from "@/components/studies/quality/quality-table";
import { formatSeconds } from "@/components/studies/format";
import { participantQuality } from "@/lib/studies/quality";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ aggregation?: string }> };

const AGGREGATIONS = [
  { key: "dawid-skene", label: "Dawid–Skene" },
  { key: "majority", label: "Majority" },
] as const;
const aggregationSchema = z.enum(["dawid-skene", "majority"]).catch("dawid-skene");

export async function generateMetadata({ params }: Props) {
  const { study } = await studyForPage((await params).id);
  return { title: `Annotator quality · ${study.name}` };
}

export default async function QualityPage({ params, searchParams }: Props) {
  const { study, canManage } = await studyForPage((await params).id);
  const aggregation = aggregationSchema.parse((await searchParams).aggregation);
  const { rows, studyMedianSeconds } = await participantQuality(study, aggregation);
  return (
    <div className="space-y-6">
      <section aria-labelledby="quality-heading" className="space-y-3 rounded-card border border-line bg-surface p-4 sm:p-6">
        <h2 id="quality-heading" className="text-lg font-semibold">
          Annotator quality
        </h2>
        <p className="text-sm text-muted">
          These are signals, not verdicts: a low agreement can be a careful minority view, and a fast answer can be a practised one. Read a participant’s answers before you
          exclude them; an exclusion voids their answers, reopens their units for others, and is recorded with your reason. The study’s median time per unit is{" "}
          {formatSeconds(studyMedianSeconds)}; “too fast” marks a median under a third of it (over 3 units or more).
        </p>
        <nav aria-label="Aggregation behind agreement and confusion matrices" className="flex flex-wrap items-center gap-2 text-sm">
          <span>Aggregate by:</span>
          {AGGREGATIONS.map((a) => (
            <Link
              key={a.key}
              href={`/studies/${study.id}/quality?aggregation=${a.key}`}
              aria-current={aggregation === a.key ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-control border px-3 ${aggregation === a.key ? "border-primary bg-primary-soft font-medium text-primary" : "border-line hover:bg-bg"}`}
            >
              {a.label}
            </Link>
          ))}
        </nav>
      </section>
      <QualityScatter rows={rows} />
      <section aria-labelledby="participants-quality-heading" className="space-y-3 rounded-card border border-line bg-surface p-4 sm:p-6">
        <h2 id="participants-quality-heading" className="text-lg font-semibold">
          Participants
        </h2>
        {rows.length === 0 ? <p className="text-sm text-muted">No participants yet.</p> : <QualityTable studyId={study.id} rows={rows} canManage={canManage} />}
      </section>
    </div>
  );
}
