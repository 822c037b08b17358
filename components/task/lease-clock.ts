// The participant's time limit on a unit (the lease), as the page warns about it (WCAG 2.2.1):
// a polite notice two minutes before the end, an assertive one in the last half minute, each
// with "Keep working", which renews the lease on the server as often as asked.

export const WARN_BEFORE_MS = 2 * 60_000;
export const URGENT_BEFORE_MS = 30_000;

export type LeaseStage = "calm" | "warning" | "urgent" | "ended";

export function leaseStage(remainingMs: number): LeaseStage {
  if (remainingMs <= 0) return "ended";
  if (remainingMs <= URGENT_BEFORE_MS) return "urgent";
  if (remainingMs <= WARN_BEFORE_MS) return "warning";
  return "calm";
}

/** "1 minute 20 seconds", rounded up to whole seconds; what a screen reader reads out too. */
export function timeLeftText(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const parts = [];
  if (minutes) parts.push(`${minutes} ${minutes === 1 ? "minute" : "minutes"}`);
  if (seconds || !minutes) parts.push(`${seconds} ${seconds === 1 ? "second" : "seconds"}`);
  return parts.join(" ");
}
