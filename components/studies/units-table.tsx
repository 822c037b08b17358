import { useTranslations } from "next-intl";
import { DecisionBadge } from "@/components/studies/decision-badge";
import { reasonLabel } from "@/components/studies/format";
import { TieMarker, VoteSummary } from "@/components/studies/vote-cell";
import { SortHeader, type SortState } from "@/components/studies/sort-header";
import type { VoteUnit } from "@/lib/designs";

const th = "px-3 py-2 font-medium align-bottom";
const td = "px-3 py-2 align-top";

export interface UnitColumns {
  /** unit-level checks, one column each */
  columns: { key: string; label: string }[];
  /** the column of question-level items (answer key), when there are any */
  itemColumn: string | null;
  reasonLabels: Record<string, string>;
}

function ItemsCell({ unit }: { unit: VoteUnit }) {
  const t = useTranslations("console.studies.unitsTable");
  const items = unit.checks.filter((c) => c.questionId !== undefined);
  if (items.length === 0) return <span className="text-muted">{t("noQuestions")}</span>;
  const ties = items.filter((c) => unit.decision.checks[c.key]?.tie).length;
  const rejected = unit.decision.rejectedQuestions.length;
  return (
    <div className="space-y-1">
      <p>
        {t("items", { count: String(items.length) })}
        {ties > 0 && t("tied", { count: String(ties) })}
        {rejected > 0 && t("rejected", { count: String(rejected), plural: rejected === 1 ? "one" : "other" })}
      </p>
      <details>
        <summary className="cursor-pointer text-primary">
          {t.rich("showItems", { unit: String(unit.ordinal), sr: (chunks) => <span className="sr-only">{chunks}</span> })}
        </summary>
        <ul className="mt-2 space-y-2">
          {items.map((c) => (
            <li key={c.key} className="border-l-2 border-line pl-2">
              <p className="font-medium">
                {c.prompt}
                {unit.decision.checks[c.key]?.tie && <> <TieMarker /></>}
              </p>
              {c.subject && <p className="text-muted">“{c.subject}”</p>}
              <VoteSummary result={unit.decision.checks[c.key]} options={c.options} />
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

// Per unit and check: the votes, the majority, ties marked, and the unit's decision with reasons.
export function UnitsTable({ units, names, caption, sort }: { units: VoteUnit[]; names: UnitColumns; caption: string; sort?: SortState }) {
  const t = useTranslations("console.studies.unitsTable");
  const { columns, itemColumn } = names;
  return (
    <div className="relative overflow-x-auto rounded-card border border-line bg-surface">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <SortHeader label={t("unit")} sortKey="ordinal" state={sort} className={th} />
            <SortHeader label={t("titleColumn")} sortKey="title" state={sort} className={th} />
            {columns.map((c) => (
              <th key={c.key} scope="col" className={th}>{c.label}</th>
            ))}
            {itemColumn && <th scope="col" className={th}>{itemColumn}</th>}
            <SortHeader label={t("responses")} sortKey="submitted" state={sort} className={th} first="desc" />
            <SortHeader label={t("decision")} sortKey="status" state={sort} className={th} />
            <th scope="col" className={th}>{t("reasons")}</th>
          </tr>
        </thead>
        <tbody>
          {units.map((u) => (
            <tr key={u.unitId} className="border-b border-line last:border-0">
              <th scope="row" className={`${td} font-medium tabular-nums`}>#{u.ordinal}</th>
              <td className={`${td} max-w-48 break-words`}>{u.title ?? <span className="text-muted">—</span>}</td>
              {columns.map((c) => (
                <td key={c.key} className={td}>
                  <VoteSummary result={u.decision.checks[c.key]} options={u.checks.find((x) => x.key === c.key)?.options ?? []} />
                </td>
              ))}
              {itemColumn && (
                <td className={`${td} min-w-56`}>
                  <ItemsCell unit={u} />
                </td>
              )}
              <td className={`${td} tabular-nums whitespace-nowrap`}>
                {u.submitted}
                {u.live > 0 && <span className="text-muted">{t("live", { count: String(u.live) })}</span>}
              </td>
              <td className={td}>
                <DecisionBadge decision={u.decision.status} />
              </td>
              <td className={`${td} text-muted`}>
                {u.decision.reasons.length ? u.decision.reasons.map((r) => reasonLabel(r, names.reasonLabels)).join("; ") : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
