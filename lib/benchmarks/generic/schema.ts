import { z } from "zod";

// Sally's own JSON Lines shape for any other benchmark: one line = one item. See README.md.
const turn = z.object({
  speaker: z.string(),
  text: z.string(),
  segment: z.number().int().nonnegative().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});

const conversationView = z.object({ type: z.literal("conversation"), turns: z.array(turn).min(1, "a conversation needs at least one turn") });
const passageView = z.object({ type: z.literal("passage"), paragraphs: z.array(z.string()).min(1, "a passage needs at least one paragraph") });
const view = z.discriminatedUnion("type", [conversationView, passageView]);
const views = z
  .object({ type: z.literal("views"), views: z.record(z.string(), view), default: z.string() })
  .refine((c) => c.default in c.views, { path: ["default"], message: "default must name one of the views" })
  .refine((c) => Object.keys(c.views).length > 0, { path: ["views"], message: "at least one view is needed" });

// {"views": …, "default": …} has no "type"; give it one so every form is told apart by "type"
const context = z.preprocess(
  (v) => (v && typeof v === "object" && !Array.isArray(v) && "views" in v && !("type" in v) ? { ...v, type: "views" } : v),
  z.discriminatedUnion("type", [conversationView, passageView, views]),
);

const common = {
  prompt: z.string().min(1, "the prompt is empty"),
  tags: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  groupKeys: z.record(z.string(), z.string()).optional(),
};

const singleChoice = z
  .object({ kind: z.literal("single_choice"), ...common, options: z.array(z.string()).min(2, "single_choice needs at least two options"), answer: z.number().int().nonnegative() })
  .refine((q) => q.answer < q.options.length, { path: ["answer"], message: "answer must be the index of one of the options" });

const multiSelect = z
  .object({ kind: z.literal("multi_select"), ...common, options: z.array(z.string()).min(1), answer: z.array(z.string()), exclude: z.array(z.string()).optional() })
  .refine((q) => q.answer.every((a) => q.options.includes(a)), { path: ["answer"], message: "every answer must be one of the options" })
  .refine((q) => (q.exclude ?? []).every((a) => q.options.includes(a)), { path: ["exclude"], message: "every excluded value must be one of the options" });

const yesNo = z.object({ kind: z.literal("yes_no"), ...common, answer: z.enum(["yes", "no"]) });

const numeric = z
  .object({
    kind: z.literal("numeric"),
    ...common,
    answer: z.union([z.number(), z.literal("unanswerable")]),
    tolerance: z.number().nonnegative().optional(),
    allowUnanswerable: z.boolean().optional(),
  })
  .refine((q) => !(q.answer === "unanswerable" && q.allowUnanswerable === false), {
    path: ["allowUnanswerable"],
    message: 'the answer is "unanswerable" but allowUnanswerable is false',
  });

const shortText = z.object({ kind: z.literal("short_text"), ...common, answer: z.string().min(1, "the answer is empty") });
const freeText = z.object({ kind: z.literal("free_text"), ...common, answer: z.string(), bonusPoints: z.array(z.string()).optional() });

export const genericQuestion = z.discriminatedUnion("kind", [singleChoice, multiSelect, yesNo, numeric, shortText, freeText]);

export const genericRecord = z.object({
  id: z.string().min(1, "id is empty"),
  title: z.string().optional(),
  context,
  questions: z.array(genericQuestion).min(1, "an item needs at least one question"),
});

export type GenericRecord = z.infer<typeof genericRecord>;
export type GenericQuestion = z.infer<typeof genericQuestion>;
