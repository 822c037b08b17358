import { useTranslations } from "next-intl";
import { formatSeconds, formatShare } from "@/components/studies/format";
import { SortHeader, type SortState } from "@/components/studies/sort-header";
import type { ParticipantRow } from "@/lib/studies/tables";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";

// Per participant: units done, median time, and agreement with the majority.
export function ParticipantsTable({ participants, caption, sort, accuracy = false }: { participants: ParticipantRow[]; caption: string; sort?: SortState; accuracy?: boolean }) {
  const t = useTranslations("console.studies.participantsTable");
  return (
    <>
      <p className="text-sm text-muted">{caption}</p>
      <div className="relative overflow-x-auto rounded-card border border-line bg-surface">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line text-muted">
            <tr>
              <SortHeader label={t("participant")} sortKey="pseudonym" state={sort} className={th} />
              <SortHeader label={t("externalId")} sortKey="externalId" state={sort} className={th} />
              <SortHeader label={t("unitsDone")} sortKey="units" state={sort} className={`${th} text-right`} first="desc" />
              <SortHeader label={t("medianTime")} sortKey="medianSeconds" state={sort} className={`${th} text-right`} />
              <th scope="col" className={`${th} text-right`}>{accuracy ? t("accuracy") : t("agreement")}</th>
            </tr>
          </thead>
          <tbody>
            {participants.map((p) => (
              <tr key={p.participantId} className="border-b border-line last:border-0">
                <th scope="row" className={`${td} font-mono font-medium`}>{p.pseudonym}</th>
                <td className={`${td} break-all`}>{p.externalId ?? <span className="text-muted">—</span>}</td>
                <td className={`${td} text-right tabular-nums`}>{p.units}</td>
                <td className={`${td} text-right tabular-nums`}>{formatSeconds(p.medianSeconds)}</td>
                <td className={`${td} text-right tabular-nums`}>
                  {accuracy ? (
                    <>
                      {formatShare(p.accuracy ?? null)}
                      {p.n ? <span className="text-muted">{t("correctOf", { correct: String(p.correct), n: String(p.n) })}</span> : null}
                    </>
                  ) : (
                    formatShare(p.agreementWithMajority ?? null)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
