import { z } from "zod";

// What a checklist review asks, and how the reviews become decisions. Stored in Study.config.
// A checklist is a titled list of criteria; each criterion is answered on its own scale, with a
// comment asked for (required, optional or not at all) and a help text for the reviewer.
const key = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, "Use lower-case letters, digits and _ (start with a letter).");

/** yes_no; yes_partly_no ("partly" does not pass); yes_no_na ("not applicable" passes); scale_1_5 (4 and 5 pass). */
export const ANSWER_TYPES = ["yes_no", "yes_partly_no", "yes_no_na", "scale_1_5"] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

export const criterionSchema = z.object({
  key,
  prompt: z.string().trim().min(1).max(1000),
  answer: z.enum(ANSWER_TYPES).default("yes_no"),
  comment: z.enum(["required", "optional", "none"]).default("optional"),
  help: z.string().trim().max(2000).optional(),
});
export type CriterionInput = z.infer<typeof criterionSchema>;

const uniqueKeys = (items: { key: string }[]) => new Set(items.map((i) => i.key)).size === items.length;

export const checklistSchema = z.object({
  key,
  title: z.string().trim().min(1).max(200),
  criteria: z.array(criterionSchema).min(1).max(30).refine(uniqueKeys, "Criterion keys must be unique within a checklist."),
});

export const checklistConfigSchema = z.object({
  checklists: z.array(checklistSchema).min(1).max(10).refine(uniqueKeys, "Checklist keys must be unique."),
  /** a free comment on the whole unit */
  comment: z.boolean().default(true),
  /** fields of the source record shown as the benchmark's reasoning, first present wins (DIAMONDs: solution_gpt) */
  reasoningFields: z.array(z.string().trim().min(1).max(100)).max(5).default(["solution_gpt", "solution_claude"]),
  rule: z
    .object({
      /** a criterion whose reviewers split evenly between passing and failing */
      tiePolicy: z.enum(["needs_review", "keep", "reject"]).default("needs_review"),
    })
    .default({ tiePolicy: "needs_review" }),
});

export type ChecklistConfig = z.infer<typeof checklistConfigSchema>;

// DIAMONDs §3.1: script–answer validity and script–conversation alignment, plus the issue's
// underspecification criterion (not applicable to the base and distractor variants).
export const DIAMONDS_CHECKLISTS = [
  {
    key: "script_answer",
    title: "Script and answer",
    criteria: [
      { key: "consistent", prompt: "Is the script logically consistent?", answer: "yes_no" },
      { key: "answerable", prompt: "Is the question answerable from the script?", answer: "yes_no" },
      { key: "answer_correct", prompt: "Is the gold answer correct for the question, given the script?", answer: "yes_no", comment: "optional" },
      { key: "reasoning_sound", prompt: "Is the reasoning shown sound?", answer: "yes_partly_no" },
    ],
  },
  {
    key: "script_conversation",
    title: "Script and conversation",
    criteria: [
      { key: "realizes_script", prompt: "Does the conversation realize the script?", answer: "yes_no" },
      { key: "key_information_kept", prompt: "Are all question-relevant details of the script kept in the conversation?", answer: "yes_no" },
      { key: "order_kept", prompt: "Do the conversation's segments keep the script's order?", answer: "yes_no" },
      { key: "no_extra_calculations", prompt: "Is the conversation free of calculations the script does not have?", answer: "yes_no" },
      { key: "movements_consistent", prompt: "Are participants' comings and goings (who heard what) consistent with the script?", answer: "yes_no" },
      {
        key: "underspecification_as_intended",
        prompt: "Is the underspecification introduced as intended?",
        answer: "yes_no_na",
        help: "Answer “not applicable” for samples that are not underspecified variants.",
      },
    ],
  },
] as const;

export function defaultChecklistConfig(): ChecklistConfig {
  return checklistConfigSchema.parse({ checklists: DIAMONDS_CHECKLISTS });
}
