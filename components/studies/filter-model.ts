// A tag filter as the form edits it: rows of one tag and its chosen values.

export interface FilterRow {
  id: string;
  tag: string;
  values: string[];
}

export function filterPayload(rows: FilterRow[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const row of rows) if (row.tag) out[row.tag] = [...(out[row.tag] ?? []), ...row.values];
  return out;
}

/** Stored filter → rows; `prefix` keeps row ids apart when a form has several filters. */
export function filterRows(filter: Record<string, string[]>, prefix: string): FilterRow[] {
  return Object.entries(filter).map(([tag, values], i) => ({ id: `${prefix}-${i}`, tag, values: [...values] }));
}
