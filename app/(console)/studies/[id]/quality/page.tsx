import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { z } from "zod";
import { studyForPage } from "@/components/studies/page-data";
import { QualityScatter } from "@/components/studies/quality/quality-scatter";
import { QualityTable } from "@/components/studies/quality/quality-table";
import { formatSeconds } from "@/components/studies/format";
import { participantQuality } from "@/lib/studies/quality";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ aggregation?: string }> };

const AGGREGATIONS = ["dawid-skene", "majority"] as const;
const aggregationSchema = z.enum(AGGREGATIONS).catch("dawid-skene");

export async function generateMetadata({ params }: Props) {
  const [{ study }, t] = await Promise.all([studyForPage((await params).id), getTranslations("console.quality.page")]);
  return { title: t("title", { name: study.name }) };
}

export default async function QualityPage({ params, searchParams }: Props) {
  const { study, canManage } = await studyForPage((await params).id);
  const aggregation = aggregationSchema.parse((await searchParams).aggregation);
  const [{ rows, studyMedianSeconds }, t] = await Promise.all([participantQuality(study, aggregation), getTranslations("console.quality.page")]);
  return (
    <div className="space-y-6">
      <section aria-labelledby="quality-heading" className="space-y-3 rounded-card border border-line bg-surface p-4 sm:p-6">
        <h2 id="quality-heading" className="text-lg font-semibold">
          {t("heading")}
        </h2>
        <p className="text-sm text-muted">
          {t("intro", { median: formatSeconds(studyMedianSeconds) })}
        </p>
        <nav aria-label={t("aggregationLabel")} className="flex flex-wrap items-center gap-2 text-sm">
          <span>{t("aggregateBy")}</span>
          {AGGREGATIONS.map((a) => (
            <Link
              key={a}
              href={`/studies/${study.id}/quality?aggregation=${a}`}
              aria-current={aggregation === a ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-control border px-3 ${aggregation === a ? "border-primary bg-primary-soft font-medium text-primary" : "border-line hover:bg-bg"}`}
            >
              {t(a)}
            </Link>
          ))}
        </nav>
      </section>
      <QualityScatter rows={rows} />
      <section aria-labelledby="participants-quality-heading" className="space-y-3 rounded-card border border-line bg-surface p-4 sm:p-6">
        <h2 id="participants-quality-heading" className="text-lg font-semibold">
          {t("participants")}
        </h2>
        {rows.length === 0 ? <p className="text-sm text-muted">{t("none")}</p> : <QualityTable studyId={study.id} rows={rows} canManage={canManage} />}
      </section>
    </div>
  );
}
