import type { ReadCtx } from "@/lib/designs/types";
import type { ChecklistConfig } from "@/lib/designs/checklist/config";
import type { ChecklistResults } from "@/lib/designs/checklist/results";

// Which source records survive the review, for the validated export. A record is kept when at
// least one of its questions is in the study and every unit covering its questions passed every
// criterion (decided "keep"). A failed item drops its records; one waiting for review or for
// its reviews is left out until it is decided.
export type DropReason = "failed" | "needs_review" | "incomplete";

export async function selectReviewedRecords({ client, study }: ReadCtx<ChecklistConfig>, results: ChecklistResults) {
  const { rows } = await client.query<{ recordIndex: number; unitId: string }>(
    `SELECT q."recordIndex", u.id AS "unitId"
     FROM "StudyUnit" u CROSS JOIN LATERAL unnest(u."questionIds") AS w(qid) JOIN "Question" q ON q.id = w.qid
     WHERE u."studyId" = $1`,
    [study.id],
  );
  const status = new Map(results.units.map((u) => [u.unitId, u.decision.status]));
  const rank: Record<DropReason, number> = { failed: 3, needs_review: 2, incomplete: 1 };
  const worst = new Map<number, DropReason | null>();
  for (const r of rows) {
    const s = status.get(r.unitId) ?? "incomplete";
    const reason: DropReason | null = s === "reject" ? "failed" : s === "keep" ? null : s;
    const prev = worst.get(r.recordIndex);
    if (prev === undefined || (reason && (!prev || rank[reason] > rank[prev]))) worst.set(r.recordIndex, reason ?? prev ?? null);
  }
  const dropped: Record<DropReason, number> = { failed: 0, needs_review: 0, incomplete: 0 };
  const kept: number[] = [];
  for (const [index, reason] of [...worst].sort((a, b) => a[0] - b[0])) {
    if (reason) dropped[reason]++;
    else kept.push(index);
  }
  return { kept, dropped, inScope: worst.size };
}
