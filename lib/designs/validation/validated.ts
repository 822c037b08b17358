import type { ReadCtx, UnitDecision } from "@/lib/designs/types";
import type { ValidationConfig } from "@/lib/designs/validation/config";

// Which source records survive the study's rule. A record is kept when at least one of its
// questions is in the study, no unit covering its questions was rejected or left undecided,
// and none of its questions was judged invalid. FANToM: a flagged conversation drops every set
// on it, and a set with one wrong answer key drops whole. ToMATO: one question per record.
export type DropReason = "rejected" | "needs_review" | "incomplete" | "answer_key" | "broken" | "llm_judge";

export interface RecordSelection {
  kept: number[];
  dropped: Record<DropReason, number>;
  inScope: number;
}

/** `results`: the units' decisions (only their status and rejected questions are read). */
export async function selectValidatedRecords(
  { client, study }: ReadCtx<ValidationConfig>,
  results: { units: { unitId: string; decision: Pick<UnitDecision, "status" | "rejectedQuestions" | "questionReasons"> }[] },
): Promise<RecordSelection> {
  // every question a unit asks, with the unit asking it
  const { rows } = await client.query<{ id: string; recordIndex: number; unitId: string }>(
    `SELECT q.id, q."recordIndex", u.id AS "unitId"
     FROM "StudyUnit" u CROSS JOIN LATERAL unnest(u."questionIds") AS w(qid) JOIN "Question" q ON q.id = w.qid
     WHERE u."studyId" = $1`,
    [study.id],
  );
  const byUnitId = new Map(results.units.map((u) => [u.unitId, u]));

  const worst = new Map<number, DropReason | null>();
  const rank: Record<DropReason, number> = { rejected: 6, llm_judge: 5, broken: 4, answer_key: 3, needs_review: 2, incomplete: 1 };
  for (const q of rows) {
    const unit = byUnitId.get(q.unitId);
    let reason: DropReason | null = null;
    if (!unit || unit.decision.status === "incomplete") reason = "incomplete";
    else if (unit.decision.rejectedQuestions.includes(q.id)) reason = (unit.decision.questionReasons?.[q.id] as DropReason | undefined) ?? "answer_key";
    else if (unit.decision.status === "reject") reason = "rejected";
    else if (unit.decision.status === "needs_review") reason = "needs_review";
    const prev = worst.get(q.recordIndex);
    if (prev === undefined || (reason && (!prev || rank[reason] > rank[prev]))) worst.set(q.recordIndex, reason ?? prev ?? null);
  }
  const dropped: Record<DropReason, number> = { rejected: 0, needs_review: 0, incomplete: 0, answer_key: 0, broken: 0, llm_judge: 0 };
  const kept: number[] = [];
  for (const [index, reason] of [...worst.entries()].sort((a, b) => a[0] - b[0])) {
    if (reason) dropped[reason]++;
    else kept.push(index);
  }
  return { kept, dropped, inScope: worst.size };
}
