// The dataset page's question filters live in the URL: `?tag.<key>=<value>&page=N`. A key may
// repeat (its values are alternatives); different keys must all match, as in exports and studies.

export type TagFilter = Record<string, string[]>;
export type SearchParams = Record<string, string | string[] | undefined>;

const PREFIX = "tag.";

/** The tag filter in a page's search params; empty values ("any") are dropped. */
export function filterFromSearch(search: SearchParams): TagFilter {
  const filter: TagFilter = {};
  for (const [name, raw] of Object.entries(search)) {
    if (!name.startsWith(PREFIX) || name.length === PREFIX.length) continue;
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === "string" && v !== "");
    if (values.length) filter[name.slice(PREFIX.length)] = [...new Set(values)];
  }
  return filter;
}

/** Only the tags the dataset has (a stale or hand-edited URL must not filter on nothing). */
export function knownFilter(filter: TagFilter, tags: Record<string, unknown>): TagFilter {
  return Object.fromEntries(Object.entries(filter).filter(([key]) => Object.hasOwn(tags, key)));
}

/** Whether the URL names tags the filter dropped: the plain GET form sends every "Any" as an empty
 *  `tag.<key>=`, which would otherwise stay in the address a researcher copies and shares. */
export function hasStrayTags(search: SearchParams, filter: TagFilter): boolean {
  return Object.keys(search).some((name) => name.startsWith(PREFIX) && !Object.hasOwn(filter, name.slice(PREFIX.length)));
}

/** A 1-based page number from the URL, clamped to the pages there are. */
export function pageFromSearch(raw: string | string[] | undefined, pages: number): number {
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  if (!Number.isFinite(n)) return 1;
  return Math.min(Math.max(1, Math.floor(n)), Math.max(1, pages));
}

/** The query string for a filter and page (page 1 is left out). */
export function searchFor(filter: TagFilter, page = 1): string {
  const q = new URLSearchParams();
  for (const [key, values] of Object.entries(filter)) for (const v of values) q.append(`${PREFIX}${key}`, v);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export type ExportFormat = "source" | "jsonl" | "csv";

/** The export route's URL for a format, with the filter as repeated `where=<tag>=<value>`. */
export function exportHref(datasetId: string, format: ExportFormat, filter: TagFilter): string {
  const q = new URLSearchParams({ format });
  for (const [key, values] of Object.entries(filter)) for (const v of values) q.append("where", `${key}=${v}`);
  return `/api/datasets/${encodeURIComponent(datasetId)}/export?${q}`;
}

/** "mental_state is belief or desire; order is 2" */
export function describeFilter(filter: TagFilter): string {
  return Object.entries(filter)
    .map(([key, values]) => `${key} is ${values.join(" or ")}`)
    .join("; ");
}
