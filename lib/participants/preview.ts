import { pool } from "@/lib/db/pool";
import { designOf, type Study, type Unit, type UnitView } from "@/lib/designs";
import { unitCtx } from "@/lib/designs/context";

// MTurk's preview (assignmentId=ASSIGNMENT_ID_NOT_AVAILABLE): a worker considering the HIT sees
// a sample of the work, and nothing is created or accepted: no participant, no lease, no answer.
export async function previewUnit(study: Study): Promise<UnitView | null> {
  const { rows } = await pool().query<Unit>(
    `SELECT id, ordinal, "contextId", "questionId", "questionIds", model, stratum FROM "StudyUnit" WHERE "studyId" = $1 ORDER BY ordinal LIMIT 1`,
    [study.id],
  );
  const unit = rows[0];
  if (!unit) return null;
  return designOf(study.design).view(unitCtx({ client: pool(), study, unit, assignmentId: null }));
}

/** Where an MTurk assignment is posted back when the worker has finished. */
export function mturkSubmitUrl(meta: Record<string, unknown>): { action: string; assignmentId: string } | null {
  const base = typeof meta.turkSubmitTo === "string" ? meta.turkSubmitTo.replace(/\/$/, "") : null;
  const assignmentId = typeof meta.assignmentId === "string" ? meta.assignmentId : null;
  if (!base || !assignmentId || assignmentId === "ASSIGNMENT_ID_NOT_AVAILABLE") return null;
  return { action: `${base}/mturk/externalSubmit`, assignmentId };
}
