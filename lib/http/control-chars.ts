// C0 controls (NUL, newline, tab…), DEL and C1 controls. None belongs in a study code, an id from
// a recruiting platform or a query value, and NUL cannot even be stored by PostgreSQL (a text or
// JSONB value with NUL makes the insert fail), so they are refused at the edge with a 400.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlChars(value: string): boolean {
  return CONTROL.test(value);
}

/** Names of the entries (keys or values) that hold a control character, prefixed for problem+json. */
export function controlCharEntries(entries: Iterable<[string, string | string[] | undefined]>, prefix: string): string[] {
  const bad: string[] = [];
  for (const [key, value] of entries) {
    const values = Array.isArray(value) ? value : [value ?? ""];
    if (hasControlChars(key) || values.some(hasControlChars)) bad.push(`${prefix}.${key.replace(CONTROL_ALL, "?")}`);
  }
  return bad;
}
const CONTROL_ALL = new RegExp(CONTROL.source, "g");

/** No request of ours nests deeper; 20 KB of "[[[…" parsed fine but overflowed the stack of
 *  every recursive walk after it (this one first), which answered 500. */
export const MAX_JSON_DEPTH = 64;

export class TooDeepError extends Error {}

/** Where in a parsed JSON value a NUL character sits (in a string or a key), or null; throws
 *  TooDeepError past MAX_JSON_DEPTH levels. */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "(root)" : null;
  if (!value || typeof value !== "object") return null;
  if (path.length >= MAX_JSON_DEPTH) throw new TooDeepError();
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key.replace(/\u0000/g, "?")].join(".");
    const found = nulPath(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}
