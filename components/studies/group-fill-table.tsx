import { useTranslations } from "next-intl";
import { fillPercent, fillText, shortText } from "@/components/studies/group-fill-text";
import type { GroupFill } from "@/lib/studies/group-fill";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2 align-middle";
const barClass =
  "block h-3 w-full min-w-24 overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-primary";

// One row per group: answers submitted against the group's places, a bar for the same figure
// (named by the group, valued by the count, so screen readers hear both), answers in progress,
// and units still short of the group's answers.
export function GroupFillTable({ groups }: { groups: GroupFill["groups"] }) {
  const t = useTranslations("console.studies.groupFill");
  return (
    <div className="relative overflow-x-auto rounded-card border border-line bg-surface">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="px-3 pt-3 text-left text-muted">
          {t("caption")}
        </caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className={th}>{t("group")}</th>
            <th scope="col" className={th}>{t("fill")}</th>
            <th scope="col" className={th}><span className="sr-only">{t("bar")}</span></th>
            <th scope="col" className={`${th} text-right`}>{t("inProgress")}</th>
            <th scope="col" className={`${th} text-right`}>{t("short")}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.group} className="border-b border-line last:border-0">
              <th scope="row" className={`${td} font-mono font-medium`}>{g.group}</th>
              <td className={`${td} tabular-nums whitespace-nowrap`}>{fillText(g)}</td>
              <td className={td}>
                <progress
                  aria-label={t("barLabel", { group: g.group, fill: fillText(g) })}
                  max={Math.max(g.capacity, 1)}
                  value={g.capacity > 0 ? g.submitted : 1}
                  className={barClass}
                >
                  {fillPercent(g)}%
                </progress>
              </td>
              <td className={`${td} text-right tabular-nums`}>{g.live}</td>
              <td className={`${td} text-right tabular-nums`}>{shortText(g.unitsShort)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
