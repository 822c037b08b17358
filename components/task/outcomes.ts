import type { ApiResult } from "@/lib/http/client";
import { problemKey } from "@/components/task/problem-keys";
import { isRetryable, reasonOf } from "@/components/task/retry";
import type { Destination } from "@/lib/participants/paths";

// What the task page does with each answer from the participant API.

export { pathOf, type Destination } from "@/lib/participants/paths";

/** Failures that mean "this page is the wrong place now", wherever they happen. */
export function destinationFor(problem: { status: number; code: string; reason?: string }): Destination | null {
  if (problem.status === 401) return { to: "link" };
  if (problem.status === 404 && problem.code === "not_found") return { to: "unavailable", reason: "unknown" };
  if (problem.status !== 409) return null;
  switch (problem.reason) {
    case "consent_required":
      return { to: "consent" };
    case "study_paused":
      return { to: "unavailable", reason: "paused" };
    case "study_closed":
      return { to: "unavailable", reason: "closed" };
    case "study_draft":
      return { to: "unavailable", reason: "draft" };
    // the participant finished; the done page says what to do next. ("returned" is about one
    // unit, not the participant: it was skipped in another tab, or taken back when they stopped or
    // were excluded. Leaving for the done page from it looped: that page sends an active
    // participant back here, where the held answer was sent again.)
    case "done":
      return { to: "done" };
    case "screened_out":
    case "failed_qualification":
    case "failed_attention":
    case "excluded":
      return { to: "unavailable", reason: problem.reason };
    default:
      return null;
  }
}

export type SubmitOutcome =
  /** stored (201), or stored earlier under the same key (200 duplicate) */
  | { kind: "saved" }
  /** the lease ran out and the unit went to someone else: the answers cannot be used */
  | { kind: "expired" }
  /** a stage-1 answer is already stored (another tab, a lost acknowledgement): load stage 2 */
  | { kind: "stage_locked" }
  /** the unit was answered already, with other answers (another tab or window): these were not saved */
  | { kind: "answered_elsewhere" }
  /** the unit was skipped in another tab, or taken back (the participant stopped or was excluded): not saved */
  | { kind: "returned" }
  /** any other conflict: move on */
  | { kind: "conflict"; message: string }
  | { kind: "invalid"; message: string; params: { name: string; reason: string }[] }
  | { kind: "offline" }
  | { kind: "leave"; destination: Destination }
  | { kind: "failed"; message: string };

export function submitOutcome(result: ApiResult<unknown>): SubmitOutcome {
  if (result.ok) return { kind: "saved" };
  const p = result.problem;
  const reason = reasonOf(p);
  const destination = destinationFor({ ...p, reason });
  if (destination) return { kind: "leave", destination };
  if (isRetryable(p)) return { kind: "offline" };
  if (p.status === 409) {
    if (reason === "lease_expired") return { kind: "expired" };
    if (reason === "stage_locked") return { kind: "stage_locked" };
    if (reason === "already_submitted") return { kind: "answered_elsewhere" };
    if (reason === "returned") return { kind: "returned" };
    return { kind: "conflict", message: problemKey({ ...p, reason }) };
  }
  if (p.status === 422) return { kind: "invalid", message: problemKey(p), params: p.invalid_params ?? [] };
  return { kind: "failed", message: problemKey({ ...p, reason }) };
}
