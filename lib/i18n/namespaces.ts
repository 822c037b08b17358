// Which parts of the catalogs each kind of page sends to the browser. The server can read every
// namespace; client components get only these, so the task page's first load stays small.

export const PARTICIPANT_CLIENT_NAMESPACES = ["common", "consent", "task", "widgets", "errors", "done", "context", "screener", "switcher", "unavailable"] as const;
export const CONSOLE_CLIENT_NAMESPACES = ["common", "console", "context"] as const;

type Catalog = Record<string, unknown>;

export function pickNamespaces(messages: Catalog, namespaces: readonly string[]): Catalog {
  return Object.fromEntries(namespaces.filter((n) => n in messages).map((n) => [n, messages[n]]));
}
