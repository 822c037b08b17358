import { z } from "zod";
import type { Criterion } from "@/lib/designs/checklist/criteria";

// One review, checked against the unit's criteria: every criterion answered with one of its
// options, a comment on a criterion only where the criterion asks for one (and present where it
// is required), a unit comment only when the study allows it. Nothing else.
const text = z.string().trim().max(2000);

export function checklistResponseSchema(criteria: Criterion[], allowComment: boolean) {
  const answers = z
    .object(Object.fromEntries(criteria.map((c) => [c.key, z.enum(c.options.map((o) => o.value) as [string, ...string[]], { error: `Answer "${c.prompt}"` })])))
    .strict();
  const commentable = criteria.filter((c) => c.comment !== "none");
  const comments = z
    .object(
      Object.fromEntries(
        commentable.map((c) => [c.key, c.comment === "required" ? text.min(1, `Comment on "${c.prompt}"`) : text.optional()]),
      ),
    )
    .strict();
  const required = commentable.some((c) => c.comment === "required");
  return z
    .object({
      answers,
      comments: required ? comments : comments.optional(),
      comment: allowComment ? text.optional() : z.undefined().optional(),
    })
    .strict();
}

export interface ChecklistPayload {
  answers: Record<string, string>;
  comments?: Record<string, string | undefined>;
  comment?: string;
}
