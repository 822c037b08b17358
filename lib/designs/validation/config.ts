import { z } from "zod";

// What a validation study asks, and how the votes become decisions. Stored in Study.config.
const key = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, "Use lower-case letters, digits and _ (start with a letter).");

export const flagSchema = z.object({
  key,
  label: z.string().trim().min(1).max(200),
  description: z.string().trim().max(500).optional(),
});

export const labelSchema = z.object({
  key,
  label: z.string().trim().min(1).max(200),
  description: z.string().trim().max(500).optional(),
  /** a unit whose decided label is this one is rejected from the validated export */
  rejects: z.boolean().default(false),
});

const uniqueKeys = (items: { key: string }[]) => new Set(items.map((i) => i.key)).size === items.length;

export const validationConfigSchema = z
  .object({
    contextChecks: z
      .object({
        flags: z.array(flagSchema).min(1).max(10).refine(uniqueKeys, "Flag keys must be unique."),
        comment: z.boolean().default(true),
      })
      .nullable()
      .default(null),
    answerKey: z.boolean().default(false),
    labelJudgement: z
      .object({
        prompt: z.string().trim().min(1).max(500),
        labels: z.array(labelSchema).min(2).max(9).refine(uniqueKeys, "Label keys must be unique."),
      })
      .nullable()
      .default(null),
    rule: z
      .object({
        tiePolicy: z.enum(["needs_review", "keep", "reject"]).default("needs_review"),
        /** keep a question only when the human majority AND this model's judgement agree it is valid */
        llmJudge: z.object({ model: z.string().trim().min(1).max(200) }).nullable().default(null),
      })
      .default({ tiePolicy: "needs_review", llmJudge: null }),
  })
  .refine((c) => c.contextChecks || c.answerKey || c.labelJudgement, "Choose at least one check to ask: flags (contextChecks), the answer key (answerKey) or a label judgement (labelJudgement).");

export type ValidationConfig = z.infer<typeof validationConfigSchema>;
export type TiePolicy = ValidationConfig["rule"]["tiePolicy"];

export const DEFAULT_FLAGS = [
  { key: "incoherent", label: "Incoherent", description: "The conversation does not make sense or contradicts itself." },
  { key: "unsafe", label: "Unsafe (unethical, biased, harmful, dangerous or offensive)" },
];

export function defaultValidationConfig(): ValidationConfig {
  return validationConfigSchema.parse({ contextChecks: { flags: DEFAULT_FLAGS, comment: true } });
}
