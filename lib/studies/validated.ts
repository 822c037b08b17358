import type { Study } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import type { StudyResults } from "@/lib/studies/results";
import { filterSql } from "@/lib/studies/units";

// Which source records survive the study's rule. A record is kept when at least one of its
// questions is in the study, no unit covering its questions was rejected or left undecided,
// and none of its questions was judged invalid. FANToM: a flagged conversation drops every set
// on it, and a set with one wrong answer key drops whole. ToMATO: one question per record.
export type DropReason = "rejected" | "needs_review" | "incomplete" | "answer_key" | "llm_judge";

export interface RecordSelection {
  kept: number[];
  dropped: Record<DropReason, number>;
  inScope: number;
}

export async function selectValidatedRecords(study: Study, results: StudyResults): Promise<RecordSelection> {
  const f = filterSql(study.filter as Record<string, string[]>, 2);
  const { rows } = await pool().query<{ id: string; contextId: string; recordIndex: number }>(
    `SELECT q.id, q."contextId", q."recordIndex" FROM "Question" q WHERE q."datasetId" = $1${f.sql}`,
    [study.datasetId, ...f.params],
  );
  const unitOfSubject = new Map<string, StudyResults["units"][number]>();
  const { rows: units } = await pool().query<{ id: string; contextId: string; questionId: string | null }>(
    `SELECT id, "contextId", "questionId" FROM "StudyUnit" WHERE "studyId" = $1`,
    [study.id],
  );
  const byUnitId = new Map(results.units.map((u) => [u.unitId, u]));
  for (const u of units) unitOfSubject.set(u.questionId ?? u.contextId, byUnitId.get(u.id)!);

  const worst = new Map<number, DropReason | null>();
  const rank: Record<DropReason, number> = { rejected: 5, llm_judge: 4, answer_key: 3, needs_review: 2, incomplete: 1 };
  for (const q of rows) {
    const unit = unitOfSubject.get(study.unitType === "question" ? q.id : q.contextId);
    let reason: DropReason | null = null;
    if (!unit || unit.decision.status === "incomplete") reason = "incomplete";
    else if (unit.decision.rejectedQuestions.includes(q.id)) reason = unit.decision.reasons.includes("llm_judge") && !unit.decision.reasons.includes("answer_key") ? "llm_judge" : "answer_key";
    else if (unit.decision.status === "reject") reason = "rejected";
    else if (unit.decision.status === "needs_review") reason = "needs_review";
    const prev = worst.get(q.recordIndex);
    if (prev === undefined || (reason && (!prev || rank[reason] > rank[prev]))) worst.set(q.recordIndex, reason ?? prev ?? null);
  }
  const dropped: Record<DropReason, number> = { rejected: 0, needs_review: 0, incomplete: 0, answer_key: 0, llm_judge: 0 };
  const kept: number[] = [];
  for (const [index, reason] of [...worst.entries()].sort((a, b) => a[0] - b[0])) {
    if (reason) dropped[reason]++;
    else kept.push(index);
  }
  return { kept, dropped, inScope: worst.size };
}
