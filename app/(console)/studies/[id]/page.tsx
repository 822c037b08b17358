import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { ExportsList } from "@/components/studies/exports-list";
import { overviewFor, studyForPage, timelineFor } from "@/components/studies/page-data";
import { ProgressSummary } from "@/components/studies/progress-summary";
import { DesignOverview } from "@/components/studies/results/registry";
import { linkParamOf } from "@/components/studies/link-param";
import { ShareLinks } from "@/components/studies/share-links";
import { Alert } from "@/components/ui/alert";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ created?: string }> };

export async function generateMetadata({ params }: Props) {
  const { study } = await studyForPage((await params).id);
  return { title: study.name };
}

async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost";
  const proto = h.get("x-forwarded-proto")?.split(",")[0] ?? (/^(localhost|127\.|\[::1\])/.test(host) ? "http" : "https");
  return `${proto}://${host}`;
}

export default async function StudyOverviewPage({ params, searchParams }: Props) {
  const { study } = await studyForPage((await params).id);
  // the timeline is read beside the results, and its charts stream in when it is ready (ChartsOverTime);
  // a failure is handled where it is awaited, not left unhandled if the page fails first
  const timeline = timelineFor(study);
  timeline.catch(() => undefined);
  const [{ summary, results }, origin, { created }, t] = await Promise.all([overviewFor(study), requestOrigin(), searchParams, getTranslations("console.studies.overview")]);
  const createdUnits = created !== undefined && /^\d+$/.test(created) ? Number(created) : null;
  return (
    <div className="space-y-6">
      {createdUnits !== null && (
        <Alert tone="success">
          {t("created", { count: createdUnits })} {study.state === "draft" && t("openWhenReady")}
        </Alert>
      )}
      <ProgressSummary studyId={study.id} summary={summary} />
      <section aria-labelledby="links-heading" className="space-y-3 rounded-card border border-line bg-surface p-4 sm:p-6">
        <h2 id="links-heading" className="text-lg font-semibold">
          {t("share")}
        </h2>
        {study.state !== "open" && (
          <p className="text-sm text-muted">
            {t("linkWorks", { closed: study.state === "closed" ? "yes" : "no" })}
          </p>
        )}
        <ShareLinks
          publicCode={study.publicCode}
          completionCode={study.completionCode}
          completionUrl={study.completionUrl}
          entryMode={study.entryMode}
          serverOrigin={origin}
          linkParam={linkParamOf(study.settings.groups)}
        />
      </section>
      <DesignOverview study={study} results={results ?? summary} timeline={timeline} />
      <ExportsList studyId={study.id} />
    </div>
  );
}
