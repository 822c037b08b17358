// The participant's time limit on a unit (the lease), as the page warns about it (WCAG 2.2.1):
// a polite notice two minutes before the end, an assertive one in the last half minute, each
// with "Keep working", which renews the lease on the server as often as asked.

export const WARN_BEFORE_MS = 2 * 60_000;
export const URGENT_BEFORE_MS = 30_000;

export type LeaseStage = "calm" | "warning" | "urgent" | "ended";

/** When to warn, for a lease of `spanMs`: two minutes and half a minute before the end; a lease
 *  under 2.5 minutes is first calm for half a minute (or half of it), and urgent in its last quarter
 *  at most. A 1-minute lease warned from its first second, and "Keep working", which renews to the
 *  same minute, could never clear the warning. */
export function leaseThresholds(spanMs = Infinity): { warn: number; urgent: number } {
  return { warn: Math.min(WARN_BEFORE_MS, Math.max(spanMs / 2, spanMs - 30_000)), urgent: Math.min(URGENT_BEFORE_MS, spanMs / 4) };
}

export function leaseStage(remainingMs: number, spanMs?: number): LeaseStage {
  const { warn, urgent } = leaseThresholds(spanMs);
  if (remainingMs <= 0) return "ended";
  if (remainingMs <= urgent) return "urgent";
  if (remainingMs <= warn) return "warning";
  return "calm";
}

/** Whole minutes and seconds left, rounded up to a second (the catalogs' task.lease.duration says them). */
export function timeLeftParts(remainingMs: number): { minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}
