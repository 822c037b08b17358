import { z } from "zod";

// What a rating study asks: which models' imported answers are rated, on which scale, and which
// penalty statements a rater may mark. Stored in Study.config.
const unique = (items: string[]) => new Set(items).size === items.length;

/** Steps are counted with this tolerance, so 0.1-steps (not exact in binary) still land on the scale. */
export const SCALE_EPSILON = 1e-9;

export const scaleSchema = z
  .object({
    min: z.number().min(-1000).max(1000),
    max: z.number().min(-1000).max(1000),
    step: z.number().positive().max(1000),
  })
  .superRefine((s, ctx) => {
    if (s.max <= s.min) ctx.addIssue({ code: "custom", path: ["max"], message: "The scale's maximum must be above its minimum." });
    const steps = (s.max - s.min) / s.step;
    if (Math.abs(steps - Math.round(steps)) > SCALE_EPSILON * Math.max(1, steps)) {
      ctx.addIssue({ code: "custom", path: ["step"], message: "The step must divide the scale into equal steps (e.g. 0–1 in steps of 0.25, or 1–5 in steps of 1)." });
    } else if (Math.round(steps) > 100) {
      ctx.addIssue({ code: "custom", path: ["step"], message: "At most 100 steps." });
    }
  });
export type Scale = z.infer<typeof scaleSchema>;

export const ratingConfigSchema = z.object({
  /** models whose imported answers are rated; the unit builder makes one unit per question × model with an answer */
  models: z.array(z.string().trim().min(1).max(200)).min(1, "Name at least one model.").max(50).refine(unique, "Model names must be unique."),
  scale: scaleSchema.default({ min: 0, max: 1, step: 0.25 }),
  /** statements a rater may mark (CharToM-QA Appendix L: a response's factual or logical defects) */
  penalties: z.array(z.string().trim().min(1).max(500)).max(20).refine(unique, "Penalties must be different.").default([]),
  /** a free comment on each rating */
  comment: z.boolean().default(true),
  /** Sally's lexical bonus-point coverage (a proxy, see coverage.ts): a point counts as covered at this share of its content words */
  coverageThreshold: z.number().min(0.1).max(1).default(0.6),
});
export type RatingConfig = z.infer<typeof ratingConfigSchema>;

/** Penalty statements after CharToM-QA's defect criteria (Appendix L), for a researcher to start from. */
export const CHARTOM_PENALTIES = [
  "States something the plot contradicts (factual error)",
  "Reasoning does not follow (logical error)",
  "Makes claims the plot does not support",
];

export function defaultRatingConfig(): RatingConfig {
  return ratingConfigSchema.parse({ models: ["model"] });
}

/** Every point of the scale, lowest first, rounded so 0.1-steps print as 0.3, not 0.30000000000000004. */
export function scalePoints(scale: Scale): number[] {
  const steps = Math.round((scale.max - scale.min) / scale.step);
  return Array.from({ length: steps + 1 }, (_, i) => Number((scale.min + i * scale.step).toFixed(10)));
}

/** The scale point a score is, or null when it is off the scale. */
export function onScale(scale: Scale, score: number): number | null {
  if (!Number.isFinite(score)) return null;
  const i = (score - scale.min) / scale.step;
  const r = Math.round(i);
  if (Math.abs(i - r) > SCALE_EPSILON * Math.max(1, Math.abs(i)) || r < 0 || r > Math.round((scale.max - scale.min) / scale.step)) return null;
  return scalePoints(scale)[r]!;
}
