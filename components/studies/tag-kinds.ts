// Which of a dataset's tags are identifiers rather than categories: source ids, ULIDs, hashes,
// or any tag with its own value for (nearly) every question. They are no use for filtering or
// strata in most studies, so the form keeps them behind "more".

export type TagValues = { value: string; count: number }[];

const ID_NAME = /(^|[_\-\s.])(id|ids|uuid|ulid|hash|sha\d*|md5|key)$/i;
const ID_VALUE = [
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // UUID
  /^[0-9A-HJKMNP-TV-Z]{26}$/i, // ULID (Crockford base32)
  /^[0-9a-f]{16,}$/i, // hex digest
];

export function isIdentifierTag(tag: string, values: TagValues): boolean {
  if (ID_NAME.test(tag)) return true;
  if (values.length > 0 && values.every((v) => ID_VALUE.some((re) => re.test(v.value)))) return true;
  const tagged = values.reduce((a, v) => a + v.count, 0);
  // a distinct value per question: a small dataset's few values are not enough to tell
  return values.length >= 10 && values.length >= 0.9 * tagged;
}

/** Tags split into categories (shown) and identifiers (behind "more"), each in name order. */
export function splitTags(tags: Record<string, TagValues>): { common: string[]; identifiers: string[] } {
  const names = Object.keys(tags).sort((a, b) => a.localeCompare(b));
  return { common: names.filter((t) => !isIdentifierTag(t, tags[t]!)), identifiers: names.filter((t) => isIdentifierTag(t, tags[t]!)) };
}

/** A search over tag names and values, case-insensitive; the empty query matches everything. */
export function matchesSearch(query: string, tag: string, values: TagValues): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return tag.toLowerCase().includes(q) || values.some((v) => v.value.toLowerCase().includes(q));
}
