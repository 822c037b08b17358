// Where a participant's pages live, shared by the server (redirects) and the browser (navigation).

/** Every reason a participant cannot continue, as routes answer it and the unavailable page explains it. */
export const UNAVAILABLE_REASONS = [
  "unknown",
  "draft",
  "paused",
  "closed",
  "needs_platform",
  "needs_account",
  "preview",
  "bad_link",
  "none_left",
  "limit_reached",
  "not_eligible",
  "screened_out",
  "no_group",
  "failed_qualification",
  "failed_attention",
  "excluded",
  "returned",
  "declined",
] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

export function isUnavailableReason(value: string): value is UnavailableReason {
  return (UNAVAILABLE_REASONS as readonly string[]).includes(value);
}

export type Destination =
  | { to: "link" }
  | { to: "consent" }
  | { to: "task" }
  | { to: "done" }
  | { to: "unavailable"; reason: UnavailableReason };

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
