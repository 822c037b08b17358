"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatSeconds } from "@/components/studies/format";
import { ConfusionDetails } from "@/components/studies/quality/confusion";
import { ExcludeForm, type ExclusionOutcome } from "@/components/studies/quality/exclude-form";
import { sortRows, type Direction, type SortKey } from "@/components/studies/quality/sort";
import type { QualityRow } from "@/lib/studies/quality";

const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)}%`);
// the columns' names are keys of console.quality.table.columns
const COLUMNS: SortKey[] = ["pseudonym", "units", "agreementWithMajority", "goldAccuracy", "failedAttention", "medianSeconds", "pastes", "focusLosses", "nearDuplicates"];
const EXCLUDED = new Set(["excluded", "failed_attention"]);

function Cell({ row, column }: { row: QualityRow; column: SortKey }) {
  const t = useTranslations("console.quality.table");
  switch (column) {
    case "agreementWithMajority":
      return <>{row.agreementWithMajority === null ? "—" : t("agreementCell", { share: pct(row.agreementWithMajority), units: String(row.agreementUnits ?? 0), plural: row.agreementUnits === 1 ? "one" : "other" })}</>;
    case "goldAccuracy":
      return <>{row.goldAccuracy === null ? "—" : `${pct(row.goldAccuracy)} (${row.goldAnswered})`}</>;
    case "medianSeconds":
      return (
        <>
          {formatSeconds(row.medianSeconds)}
          {row.tooFast && <span className="ml-1 rounded bg-warning-soft px-1 text-warning">{t("tooFast")}</span>}
        </>
      );
    default:
      return <>{row[column]}</>;
  }
}

// Participants and their signals, sortable by any column (aria-sort on the sorted header), with
// a participant's confusion matrices behind a disclosure and, for managers, "Exclude".
export function QualityTable({ studyId, rows, canManage }: { studyId: string; rows: QualityRow[]; canManage: boolean }) {
  const t = useTranslations("console.quality.table");
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction }>({ key: "pseudonym", direction: "ascending" });
  const [outcome, setOutcome] = useState<ExclusionOutcome | null>(null);
  const sorted = sortRows(rows, sort.key, sort.direction);
  const toggle = (key: SortKey) => setSort((s) => ({ key, direction: s.key === key && s.direction === "ascending" ? "descending" : "ascending" }));
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm">
        {outcome &&
          t("excluded", {
            pseudonym: outcome.pseudonym,
            reopened: String(outcome.reopened),
            plural: outcome.reopened === 1 ? "one" : "other",
            policy: outcome.policyExcluded ? "yes" : "no",
            more: String(outcome.policyExcluded),
          })}
      </p>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[64rem] text-left text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="border-b border-line text-muted">
            <tr>
              {COLUMNS.map((key) => (
                <th key={key} scope="col" aria-sort={sort.key === key ? sort.direction : undefined} className="px-2 py-2 font-medium">
                  <button type="button" onClick={() => toggle(key)} className="inline-flex min-h-11 items-center gap-1 text-left hover:text-ink">
                    {t(`columns.${key}`)}
                    <span aria-hidden="true">{sort.key === key ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}</span>
                  </button>
                </th>
              ))}
              <th scope="col" className="px-2 py-2 font-medium">
                {t("status")}
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                {t("confusion")}
              </th>
              {canManage && (
                <th scope="col" className="px-2 py-2 font-medium">
                  {t("action")}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={row.participantId} className="border-b border-line align-top last:border-0" data-participant={row.pseudonym}>
                {COLUMNS.map((key) =>
                  key === "pseudonym" ? (
                    <th key={key} scope="row" className="px-2 py-2 font-medium">
                      {row.pseudonym}
                      {row.externalId && <span className="block text-xs font-normal text-muted">{row.externalId}</span>}
                    </th>
                  ) : (
                    <td key={key} className="px-2 py-2 tabular-nums">
                      <Cell row={row} column={key} />
                    </td>
                  ),
                )}
                <td className="px-2 py-2">
                  {row.status.replace(/_/g, " ")}
                  {row.statusReason && <span className="block text-xs text-muted">{row.statusReason}</span>}
                </td>
                <td className="px-2 py-2">
                  <ConfusionDetails row={row} />
                </td>
                {canManage && <td className="px-2 py-2">{EXCLUDED.has(row.status) ? <span className="text-muted">{t("excludedStatus")}</span> : <ExcludeForm studyId={studyId} participantId={row.participantId} pseudonym={row.pseudonym} onDone={setOutcome} />}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
