"use client";

import { useState } from "react";
import { formatSeconds } from "@/components/studies/format";
import { ConfusionDetails } from "@/components/studies/quality/confusion";
import { ExcludeForm, type ExclusionOutcome } from "@/components/studies/quality/exclude-form";
import { sortRows, type Direction, type SortKey } from "@/components/studies/quality/sort";
import type { QualityRow } from "@/lib/studies/quality";

const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)}%`);
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: "pseudonym", label: "Participant" },
  { key: "units", label: "Units" },
  { key: "agreementWithMajority", label: "Agreement with the others’ majority" },
  { key: "goldAccuracy", label: "Gold accuracy" },
  { key: "failedAttention", label: "Failed attention checks" },
  { key: "medianSeconds", label: "Median time per unit" },
  { key: "pastes", label: "Pastes" },
  { key: "focusLosses", label: "Focus losses" },
  { key: "nearDuplicates", label: "Near-duplicate texts" },
];
const EXCLUDED = new Set(["excluded", "failed_attention"]);

function Cell({ row, column }: { row: QualityRow; column: SortKey }) {
  switch (column) {
    case "agreementWithMajority":
      return <>{row.agreementWithMajority === null ? "—" : `${pct(row.agreementWithMajority)} (${row.agreementUnits ?? 0} units)`}</>;
    case "goldAccuracy":
      return <>{row.goldAccuracy === null ? "—" : `${pct(row.goldAccuracy)} (${row.goldAnswered})`}</>;
    case "medianSeconds":
      return (
        <>
          {formatSeconds(row.medianSeconds)}
          {row.tooFast && <span className="ml-1 rounded bg-warning-soft px-1 text-warning">too fast</span>}
        </>
      );
    default:
      return <>{row[column]}</>;
  }
}

// Participants and their signals, sortable by any column (aria-sort on the sorted header), with
// a participant's confusion matrices behind a disclosure and, for managers, "Exclude".
export function QualityTable({ studyId, rows, canManage }: { studyId: string; rows: QualityRow[]; canManage: boolean }) {
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction }>({ key: "pseudonym", direction: "ascending" });
  const [outcome, setOutcome] = useState<ExclusionOutcome | null>(null);
  const sorted = sortRows(rows, sort.key, sort.direction);
  const toggle = (key: SortKey) => setSort((s) => ({ key, direction: s.key === key && s.direction === "ascending" ? "descending" : "ascending" }));
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm">
        {outcome &&
          `${outcome.pseudonym} is excluded: their answers are voided and ${outcome.reopened} ${outcome.reopened === 1 ? "unit is" : "units are"} open again for others${outcome.policyExcluded ? `; the exclusion policy, applied again, excluded ${outcome.policyExcluded} more` : ""}.`}
      </p>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[64rem] text-left text-sm">
          <caption className="sr-only">Participants and their quality signals; select a column header to sort.</caption>
          <thead className="border-b border-line text-muted">
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.key} scope="col" aria-sort={sort.key === c.key ? sort.direction : undefined} className="px-2 py-2 font-medium">
                  <button type="button" onClick={() => toggle(c.key)} className="inline-flex min-h-11 items-center gap-1 text-left hover:text-ink">
                    {c.label}
                    <span aria-hidden="true">{sort.key === c.key ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}</span>
                  </button>
                </th>
              ))}
              <th scope="col" className="px-2 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Confusion
              </th>
              {canManage && (
                <th scope="col" className="px-2 py-2 font-medium">
                  Action
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={row.participantId} className="border-b border-line align-top last:border-0" data-participant={row.pseudonym}>
                {COLUMNS.map((c) =>
                  c.key === "pseudonym" ? (
                    <th key={c.key} scope="row" className="px-2 py-2 font-medium">
                      {row.pseudonym}
                      {row.externalId && <span className="block text-xs font-normal text-muted">{row.externalId}</span>}
                    </th>
                  ) : (
                    <td key={c.key} className="px-2 py-2 tabular-nums">
                      <Cell row={row} column={c.key} />
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
                {canManage && <td className="px-2 py-2">{EXCLUDED.has(row.status) ? <span className="text-muted">Excluded</span> : <ExcludeForm studyId={studyId} participantId={row.participantId} pseudonym={row.pseudonym} onDone={setOutcome} />}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
