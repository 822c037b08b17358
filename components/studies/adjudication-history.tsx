import { useTranslations } from "next-intl";
import { z } from "zod";
import { formatCounts, optionLabel } from "@/components/studies/format";
import type { VoteUnit as UnitRow } from "@/lib/designs";

const before = z.object({ check: z.string(), votes: z.record(z.string(), z.number()).default({}), adjudicated: z.string().nullable().default(null) });
const after = z.object({ check: z.string(), decision: z.string() });

export interface HistoryEvent {
  id: string;
  createdAt: Date;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  actor: { name: string; email: string } | null;
}

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2 align-top";

export function formatWhen(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

// The audit trail of adjudications: who, when, the votes and any earlier decision before, the decision after, and why.
export function AdjudicationHistory({ events, units }: { events: HistoryEvent[]; units: Map<string, UnitRow> }) {
  const t = useTranslations("console.adjudication.history");
  if (events.length === 0) return <p className="text-sm text-muted">{t("empty")}</p>;
  const caption = t("caption");
  return (
    <>
      <p className="text-sm text-muted">{caption}</p>
      <div className="relative overflow-x-auto rounded-card border border-line bg-surface">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line text-muted">
            <tr>
              <th scope="col" className={th}>{t("when")}</th>
              <th scope="col" className={th}>{t("who")}</th>
              <th scope="col" className={th}>{t("unitAndCheck")}</th>
              <th scope="col" className={th}>{t("before")}</th>
              <th scope="col" className={th}>{t("after")}</th>
              <th scope="col" className={th}>{t("reason")}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => {
              const b = before.safeParse(e.before);
              const a = after.safeParse(e.after);
              const unit = units.get(e.targetId);
              const checkKey = a.success ? a.data.check : b.success ? b.data.check : "";
              const check = unit?.checks.find((c) => c.key === checkKey);
              const options = check?.options ?? [];
              return (
                <tr key={e.id} className="border-b border-line last:border-0">
                  <th scope="row" className={`${td} font-normal whitespace-nowrap`}>
                    <time dateTime={e.createdAt.toISOString()}>{formatWhen(e.createdAt)}</time>
                  </th>
                  <td className={td}>{e.actor ? e.actor.name : <span className="text-muted">{t("deletedUser")}</span>}</td>
                  <td className={td}>
                    {t("unitCheck", { unit: unit ? t("unitN", { ordinal: String(unit.ordinal) }) : t("unit"), check: check?.prompt ?? checkKey })}
                    {check?.subject && <span className="text-muted"> “{check.subject}”</span>}
                  </td>
                  <td className={td}>
                    {b.success ? (
                      <>
                        <div>{t("votes", { votes: formatCounts(b.data.votes, options) })}</div>
                        {b.data.adjudicated && <div>{t("earlier", { decision: optionLabel(options, b.data.adjudicated) })}</div>}
                      </>
                    ) : "—"}
                  </td>
                  <td className={`${td} font-medium`}>{a.success ? optionLabel(options, a.data.decision) : "—"}</td>
                  <td className={`${td} max-w-72 break-words`}>{e.reason ?? "—"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
