import { z } from "zod";
import type { Actor } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { unitChecks } from "@/lib/designs/validation/checks";
import { validationConfigSchema } from "@/lib/designs/validation/config";
import { AppError } from "@/lib/http/errors";
import { unitQuestions } from "@/lib/participants/unit-view";
import { getStudyFor } from "@/lib/studies/service";

export const adjudicationSchema = z.object({
  unitId: z.string().uuid(),
  check: z.string().min(1).max(200),
  decision: z.string().min(1).max(100),
  reason: z.string().trim().min(3, "Give a reason (at least a few words).").max(2000),
});
export type AdjudicationInput = z.infer<typeof adjudicationSchema>;

// A researcher's decision on one check of one unit. It overrides the vote, and the audit log
// keeps who decided, when, and what the outcome was before and after.
export async function adjudicate({ actor, studyId, input }: { actor: Actor; studyId: string; input: AdjudicationInput }) {
  const study = await getStudyFor(actor, studyId);
  const unit = await db().studyUnit.findFirst({ where: { id: input.unitId, studyId }, select: { id: true, contextId: true, questionId: true } });
  if (!unit) throw new AppError("not_found", "No such unit in this study.");
  const config = validationConfigSchema.parse(study.config);
  const questions = config.answerKey || unit.questionId ? await unitQuestions(study, unit) : [];
  const check = unitChecks(config, config.answerKey ? questions : []).find((c) => c.key === input.check);
  if (!check) throw new AppError("invalid_input", "This unit has no such check.", { invalidParams: [{ name: "check", reason: "unknown check" }] });
  if (!check.options.some((o) => o.value === input.decision)) {
    throw new AppError("invalid_input", "The decision must be one of the check's answers.", {
      invalidParams: [{ name: "decision", reason: `one of ${check.options.map((o) => o.value).join(", ")}` }],
    });
  }
  const votes = await db().response.findMany({ where: { unitId: unit.id }, select: { payload: true } });
  const counts: Record<string, number> = {};
  for (const v of votes) {
    const answer = (v.payload as { answers?: Record<string, string> }).answers?.[input.check];
    if (answer) counts[answer] = (counts[answer] ?? 0) + 1;
  }
  return db().$transaction(async (tx) => {
    const previous = await tx.adjudication.findFirst({
      where: { unitId: unit.id, check: input.check },
      orderBy: { createdAt: "desc" },
    });
    const created = await tx.adjudication.create({
      data: { studyId, unitId: unit.id, check: input.check, decision: input.decision, reason: input.reason, actorId: actor.id },
    });
    await tx.auditEvent.create({
      data: {
        actorId: actor.id,
        action: "study.adjudicate",
        targetType: "study_unit",
        targetId: unit.id,
        before: { check: input.check, votes: counts, adjudicated: previous?.decision ?? null },
        after: { check: input.check, decision: input.decision },
        reason: input.reason,
      },
    });
    return created;
  });
}

export async function adjudicationHistory(studyId: string) {
  return db().auditEvent.findMany({
    where: { action: "study.adjudicate", targetType: "study_unit", targetId: { in: (await db().studyUnit.findMany({ where: { studyId }, select: { id: true } })).map((u) => u.id) } },
    orderBy: { createdAt: "desc" },
    include: { actor: { select: { name: true, email: true } } },
  });
}
