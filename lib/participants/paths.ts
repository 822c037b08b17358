// Where a participant's pages live, shared by the server (redirects) and the browser (navigation).
export type Destination =
  | { to: "link" }
  | { to: "consent" }
  | { to: "task" }
  | { to: "done" }
  | { to: "unavailable"; reason: string };

export function pathOf(code: string, d: Destination): string {
  const base = `/s/${encodeURIComponent(code)}`;
  switch (d.to) {
    case "link":
      return base;
    case "consent":
      return `${base}/consent`;
    case "task":
      return `${base}/task`;
    case "done":
      return `${base}/done`;
    case "unavailable":
      return `${base}/unavailable?reason=${encodeURIComponent(d.reason)}`;
  }
}
