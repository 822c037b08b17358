import { useTranslations } from "next-intl";
import Link from "next/link";
import { DECISIONS, formatSeconds } from "@/components/studies/format";
import type { ResultsSummary } from "@/lib/designs";

function Stat({ term, value, detail }: { term: string; value: string | number; detail?: string }) {
  return (
    <div className="rounded-control border border-line bg-surface p-3">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">
        {value}
        {detail && <span className="ml-1 text-sm font-normal text-muted">{detail}</span>}
      </dd>
    </div>
  );
}

const pct = (part: number, whole: number) => (whole ? (100 * part) / whole : 0);

// Units complete / in progress / remaining, who took part, how long a unit takes, and what was decided.
export function ProgressSummary({ studyId, summary }: { studyId: string; summary: ResultsSummary }) {
  const t = useTranslations("console.studies.progress");
  const decisionLabel = useTranslations("console.studies.decisions");
  const p = summary.progress;
  const queued = summary.tables.queue ?? 0;
  return (
    <section aria-labelledby="progress-heading" className="space-y-4 rounded-card border border-line bg-surface p-4 sm:p-6">
      <h2 id="progress-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <div aria-hidden="true" className="flex h-3 overflow-hidden rounded-full bg-bg ring-1 ring-line">
        <div className="bg-success" style={{ width: `${pct(p.complete, p.units)}%` }} />
        <div className="bg-primary/60" style={{ width: `${pct(p.inProgress, p.units)}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Stat term={t("complete")} value={p.complete} detail={t("of", { units: String(p.units) })} />
        <Stat term={t("inProgress")} value={p.inProgress} />
        <Stat term={t("remaining")} value={p.remaining} />
        <Stat term={t("participants")} value={p.participants} />
        <Stat term={t("responses")} value={p.responses} />
        <Stat term={t("median")} value={formatSeconds(p.medianSecondsPerUnit)} />
      </dl>
      {summary.decisions && (
        <>
          <h3 className="text-base font-semibold">{t("decisions")}</h3>
          <ul className="flex flex-wrap gap-2 text-sm">
            {DECISIONS.map((d) => (
              <li key={d}>
                <Link href={`/studies/${studyId}/units?decision=${d}`} className="inline-flex min-h-11 items-center gap-2 rounded-control border border-line px-3 hover:bg-bg">
                  {decisionLabel(d)} <span className="font-semibold tabular-nums">{summary.decisions?.[d] ?? 0}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {queued > 0 && (
        <p className="text-sm">
          <Link href={`/studies/${studyId}/adjudication`} className="font-medium text-primary underline underline-offset-2">
            {t("waiting", { count: String(queued), plural: queued === 1 ? "one" : "other" })}
          </Link>{" "}
          {t("tiesAndDisagreements")}
        </p>
      )}
    </section>
  );
}
