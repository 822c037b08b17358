import { z } from "zod";
import { onScale, type RatingConfig } from "@/lib/designs/rating/config";

// One rating: a score on the study's scale (stored as the scale point, so 0.30000000000000004
// is 0.3), any of the study's penalty statements, and a comment when the study asks for one.
export function ratingResponseSchema(config: Pick<RatingConfig, "scale" | "penalties" | "comment">) {
  const { scale, penalties } = config;
  const score = z
    .number({ error: "Give a score." })
    .transform((v, ctx) => {
      const point = onScale(scale, v);
      if (point === null) {
        ctx.addIssue({ code: "custom", message: `Give a score from ${scale.min} to ${scale.max} in steps of ${scale.step}.` });
        return z.NEVER;
      }
      return point;
    });
  const marked = penalties.length
    ? z
        .array(z.enum(penalties as [string, ...string[]], { error: "Mark only the penalties listed." }))
        .refine((p) => new Set(p).size === p.length, "Mark each penalty once.")
    : z.array(z.never()).max(0, "This study lists no penalties.");
  return z
    .object({
      score,
      penalties: marked.optional(),
      comment: config.comment ? z.string().trim().max(2000).optional() : z.undefined().optional(),
    })
    .strict();
}

export interface RatingPayload {
  score: number;
  penalties?: string[];
  comment?: string;
}
