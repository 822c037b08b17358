import type { MessageKey } from "@/components/task/translate";

// What a participant is told about a problem+json answer, by its code and reason: the server's
// own wording (`detail`) is English and may describe internals, so it is never shown.

const CONFLICTS: Record<string, MessageKey> = {
  already_submitted: "errors.alreadySubmitted",
  not_leased: "errors.notLeased",
  lease_expired: "errors.leaseExpired",
  stage_not_served: "errors.stageNotServed",
  screener_locked: "errors.screenerLocked",
};

const BY_STATUS: Record<number, MessageKey> = {
  0: "errors.network",
  400: "errors.badRequest",
  403: "errors.forbidden",
  404: "errors.notFound",
  413: "errors.tooLarge",
  422: "errors.invalid",
  429: "errors.rateLimited",
};

export function problemKey(problem: { status: number; code: string; reason?: string }): MessageKey {
  if (problem.status === 409) return (problem.reason && CONFLICTS[problem.reason]) || "errors.conflict";
  if (problem.status >= 500) return "errors.server";
  return BY_STATUS[problem.status] ?? "errors.unknown";
}
