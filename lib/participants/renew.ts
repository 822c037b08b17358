import { renewLease } from "@/lib/assignment/renew";
import { pool } from "@/lib/db/pool";
import type { Study } from "@/lib/designs";
import { AppError } from "@/lib/errors";
import { openProbe, usesProbes } from "@/lib/participants/probes";

// "Keep working": more time on the unit the participant holds. The lease gets the study's lease
// length again from now (never less than it had), as often as they ask, while it is theirs and
// live. A quality item shown in a unit's place has no server-side time limit, so asking for
// more time on one only restarts the page's countdown.

const REFUSED: Record<string, string> = {
  lease_expired: "Your time for this unit ran out and it went to someone else.",
  already_submitted: "This unit was already submitted.",
  returned: "You returned this unit.",
  excluded: "Your answers to this study no longer count.",
};

export async function renewForParticipant(study: Study, participantId: string, assignmentId: string): Promise<{ expiresAt: string; expiresInMs: number }> {
  const result = await renewLease(pool(), { studyId: study.id, participantId, assignmentId, leaseMinutes: study.leaseMinutes });
  if (result.kind === "renewed") return { expiresAt: result.expiresAt.toISOString(), expiresInMs: Math.max(0, result.expiresAt.getTime() - Date.now()) };
  if (result.kind === "refused") {
    const detail = REFUSED[result.reason] ?? "The study is not accepting answers now.";
    throw new AppError("conflict", detail, { extra: { reason: result.reason } });
  }
  if (usesProbes(study.settings)) {
    const probe = await openProbe(participantId);
    if (probe?.id === assignmentId) return { expiresAt: new Date(Date.now() + study.leaseMinutes * 60_000).toISOString(), expiresInMs: study.leaseMinutes * 60_000 };
  }
  throw new AppError("conflict", "This unit is not leased to you.", { extra: { reason: "not_leased" } });
}
