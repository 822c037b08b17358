import { z } from "zod";
import { audit } from "@/lib/audit";
import type { Actor } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { withTransaction } from "@/lib/db/tx";
import { designOf } from "@/lib/designs";
import { unitCtx } from "@/lib/designs/context";
import { AppError } from "@/lib/errors";
import { getStudyFor } from "@/lib/studies/service";

export const adjudicationSchema = z.object({
  unitId: z.string().uuid(),
  check: z.string().min(1).max(200),
  decision: z.string().min(1).max(100),
  reason: z.string().trim().min(3, "Give a reason (at least a few words).").max(2000),
});
export type AdjudicationInput = z.infer<typeof adjudicationSchema>;

// A researcher's decision on one check of one unit. It overrides the vote, and the audit log
// keeps who decided, when, and what the outcome was before and after, in the same transaction.
export async function adjudicate({ actor, studyId, input }: { actor: Actor; studyId: string; input: AdjudicationInput }) {
  const study = await getStudyFor(actor, studyId);
  const design = designOf(study.design);
  if (!design.adjudicable) throw new AppError("conflict", `A ${design.label.toLowerCase()} study has nothing to adjudicate.`);
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ id: string; ordinal: number; contextId: string; questionId: string | null; questionIds: string[]; model: string | null; stratum: Record<string, string> | null }>(
      `SELECT id, ordinal, "contextId", "questionId", "questionIds", model, stratum FROM "StudyUnit" WHERE id = $1 AND "studyId" = $2`,
      [input.unitId, studyId],
    );
    const unit = rows[0];
    if (!unit) throw new AppError("not_found", "No such unit in this study.");
    const check = (await design.adjudicable!(unitCtx({ client, study, unit }))).find((c) => c.key === input.check);
    if (!check) throw new AppError("invalid_input", "This unit has no such check.", { invalidParams: [{ name: "check", reason: "unknown check" }] });
    if (!check.options.some((o) => o.value === input.decision)) {
      throw new AppError("invalid_input", "The decision must be one of the check's answers.", {
        invalidParams: [{ name: "decision", reason: `one of ${check.options.map((o) => o.value).join(", ")}` }],
      });
    }
    const { rows: votes } = await client.query<{ answer: string; n: number }>(
      `SELECT r.payload->'answers'->>$2 AS answer, count(*)::int AS n FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId"
       WHERE r."unitId" = $1 AND a.status = 'submitted' AND r.payload->'answers'->>$2 IS NOT NULL GROUP BY 1`,
      [unit.id, input.check],
    );
    const { rows: previous } = await client.query<{ decision: string }>(
      `SELECT decision FROM "Adjudication" WHERE "unitId" = $1 AND "check" = $2 ORDER BY "createdAt" DESC, id DESC LIMIT 1`,
      [unit.id, input.check],
    );
    const { rows: created } = await client.query<{ id: string; createdAt: Date }>(
      `INSERT INTO "Adjudication" (id, "studyId", "unitId", "check", decision, reason, "actorId") VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6)
       RETURNING id, "createdAt"`,
      [studyId, unit.id, input.check, input.decision, input.reason, actor.id],
    );
    await audit(client, {
      actorId: actor.id,
      action: "study.adjudicate",
      targetType: "study_unit",
      targetId: unit.id,
      before: { check: input.check, votes: Object.fromEntries(votes.map((v) => [v.answer, v.n])), adjudicated: previous[0]?.decision ?? null },
      after: { check: input.check, decision: input.decision },
      reason: input.reason,
    });
    return { id: created[0]!.id, studyId, unitId: unit.id, check: input.check, decision: input.decision, reason: input.reason, actorId: actor.id, createdAt: created[0]!.createdAt };
  });
}

export async function adjudicationHistory(studyId: string) {
  return db().auditEvent.findMany({
    where: { action: "study.adjudicate", targetType: "study_unit", targetId: { in: (await db().studyUnit.findMany({ where: { studyId }, select: { id: true } })).map((u) => u.id) } },
    orderBy: { createdAt: "desc" },
    include: { actor: { select: { name: true, email: true } } },
  });
}
