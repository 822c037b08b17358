import { useTranslations } from "next-intl";
import Link from "next/link";
import { DataTable } from "@/components/charts/data-table";
import { percent } from "@/components/charts/describe";
import { formatSeconds } from "@/components/studies/format";
import type { BaselineResults } from "@/lib/designs";

/** The overview shows this many participants; the participants tab pages through all of them. */
export const PARTICIPANTS_SHOWN = 50;

export function BaselineParticipants({ studyId, rows }: { studyId: string; rows: BaselineResults["byParticipant"] }) {
  const t = useTranslations("console.results.baseline");
  const shown = rows.slice(0, PARTICIPANTS_SHOWN);
  return (
    <section aria-labelledby="per-participant-heading" className="space-y-2 rounded-card border border-line bg-surface p-4">
      <h3 id="per-participant-heading" className="font-semibold">
        {t("perParticipant")}
        {rows.length > shown.length ? t("firstN", { n: String(shown.length) }) : ""}
      </h3>
      {shown.length === 0 ? (
        <p className="text-sm text-muted">{t("noAnswers")}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <DataTable
            caption={t("perParticipantCaption")}
            columns={[t("participant"), t("units"), t("scoredAnswers"), t("correct"), t("accuracy"), t("median")]}
            rows={shown.map((p) => [p.participant, p.units, p.n, p.correct, percent(p.accuracy), formatSeconds(p.medianSeconds)])}
          />
        </div>
      )}
      <p className="text-sm">
        <Link href={`/studies/${studyId}/participants`} className="text-primary underline underline-offset-2">
          {t("allParticipants")}
        </Link>
      </p>
    </section>
  );
}
