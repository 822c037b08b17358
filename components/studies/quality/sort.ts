import type { QualityRow } from "@/lib/studies/quality";

// Sorting the quality table. Pure, so it is unit-tested.

export const SORT_KEYS = ["pseudonym", "units", "agreementWithMajority", "goldAccuracy", "failedAttention", "medianSeconds", "pastes", "focusLosses", "nearDuplicates"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type Direction = "ascending" | "descending";

/** Rows ordered by one column; a missing figure (null) goes last whichever the direction, ties keep their order. */
export function sortRows(rows: readonly QualityRow[], key: SortKey, direction: Direction): QualityRow[] {
  const sign = direction === "ascending" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = a.row[key];
      const y = b.row[key];
      if (x === null && y === null) return a.index - b.index;
      if (x === null) return 1;
      if (y === null) return -1;
      const c = typeof x === "string" && typeof y === "string" ? x.localeCompare(y) : Number(x) - Number(y);
      return c === 0 ? a.index - b.index : sign * c;
    })
    .map((r) => r.row);
}
