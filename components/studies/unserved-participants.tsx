import { useTranslations } from "next-intl";
import { plural, unservedByGroup } from "@/components/studies/group-fill-text";
import type { GroupFill } from "@/lib/studies/group-fill";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";

// The people the group rules cannot serve: those the screener put in no group, and active ones
// with nothing left for their group while units are still short (their group's places are
// taken, or the balance tolerance holds them back). Recruiting more of them will not fill the
// short units; recruiting for the short groups will.
export function UnservedParticipants({ fill }: { fill: Pick<GroupFill, "unserved" | "screenedOut" | "probedOnly"> }) {
  const t = useTranslations("console.studies.unserved");
  const byGroup = unservedByGroup(fill.unserved);
  return (
    <section aria-labelledby="unserved-heading" className="space-y-3">
      <h3 id="unserved-heading" className="text-base font-semibold">
        {t("heading")}
      </h3>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-control border border-line bg-surface p-3">
          <dt className="text-sm text-muted">{t("screenedOut")}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{fill.screenedOut}</dd>
        </div>
        <div className="rounded-control border border-line bg-surface p-3">
          <dt className="text-sm text-muted">{t("waiting")}</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {fill.unserved.length}
            {fill.probedOnly !== null && <span className="text-sm font-normal text-muted">{t("probed", { count: String(fill.probedOnly) })}</span>}
          </dd>
          {byGroup.length > 0 && (
            <dd className="mt-1 text-sm">{byGroup.map((g) => `${g.group}: ${g.count}`).join(" · ")}</dd>
          )}
        </div>
      </dl>
      {fill.unserved.length === 0 ? (
        <p className="text-sm text-muted">{t("allServed")}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-card border border-line bg-surface">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="px-3 pt-3 text-left text-muted">
              {t("caption", { participants: plural(fill.unserved.length, "participant", "participants") })}
            </caption>
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className={th}>{t("participant")}</th>
                <th scope="col" className={th}>{t("externalId")}</th>
                <th scope="col" className={th}>{t("group")}</th>
                <th scope="col" className={th}>{t("screener")}</th>
                <th scope="col" className={`${th} text-right`}>{t("unitsDone")}</th>
              </tr>
            </thead>
            <tbody>
              {fill.unserved.map((p) => (
                <tr key={p.participantId} className="border-b border-line last:border-0">
                  <th scope="row" className={`${td} font-mono font-medium`}>{p.pseudonym}</th>
                  <td className={`${td} break-all`}>{p.externalId ?? <span className="text-muted">—</span>}</td>
                  <td className={`${td} font-mono`}>{p.group ?? <span className="text-muted">{t("perItem")}</span>}</td>
                  <td className={`${td} break-words`}>{p.values.length ? p.values.join(", ") : <span className="text-muted">—</span>}</td>
                  <td className={`${td} text-right tabular-nums`}>{p.done}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
