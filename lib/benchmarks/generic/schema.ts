import { z } from "zod";

// Sally's own JSON Lines shape for any other benchmark: one line = one item. See README.md.

// Per-field caps, in characters (README.md, "Field caps"): far above any real benchmark's longest
// field, far below what a broken or hostile file can hold (one 10 MB prompt).
export const FIELD_CAPS = { passage: 200_000, text: 20_000, label: 1_000, meta: 20_000 } as const;
const paragraph = z.string().max(FIELD_CAPS.passage);
const text = z.string().max(FIELD_CAPS.text);
const label = z.string().max(FIELD_CAPS.label);

const turn = z.object({
  speaker: label,
  text,
  segment: z.number().int().nonnegative().optional(),
  meta: z
    .record(label, z.unknown())
    .refine((m) => JSON.stringify(m).length <= FIELD_CAPS.meta, `is too big: at most ${FIELD_CAPS.meta} characters of JSON expected`)
    .optional(),
});

const conversationView = z.object({ type: z.literal("conversation"), turns: z.array(turn).min(1, "a conversation needs at least one turn") });
const passageView = z.object({ type: z.literal("passage"), paragraphs: z.array(paragraph).min(1, "a passage needs at least one paragraph") });
const view = z.discriminatedUnion("type", [conversationView, passageView]);
const views = z
  .object({ type: z.literal("views"), views: z.record(label, view), default: label })
  .refine((c) => c.default in c.views, { path: ["default"], message: "default must name one of the views" })
  .refine((c) => Object.keys(c.views).length > 0, { path: ["views"], message: "at least one view is needed" });

// {"views": …, "default": …} has no "type"; give it one so every form is told apart by "type"
const context = z.preprocess(
  (v) => (v && typeof v === "object" && !Array.isArray(v) && "views" in v && !("type" in v) ? { ...v, type: "views" } : v),
  z.discriminatedUnion("type", [conversationView, passageView, views]),
);

const common = {
  prompt: text.min(1, "the prompt is empty"),
  tags: z.record(label, z.union([label, z.number(), z.boolean(), z.null()])).optional(),
  groupKeys: z.record(label, label).optional(),
};

const singleChoice = z
  .object({ kind: z.literal("single_choice"), ...common, options: z.array(text).min(2, "single_choice needs at least two options"), answer: z.number().int().nonnegative() })
  .refine((q) => q.answer < q.options.length, { path: ["answer"], message: "answer must be the index of one of the options" });

const multiSelect = z
  .object({ kind: z.literal("multi_select"), ...common, options: z.array(text).min(1), answer: z.array(text), exclude: z.array(text).optional() })
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

const shortText = z.object({ kind: z.literal("short_text"), ...common, answer: text.min(1, "the answer is empty") });
const freeText = z.object({ kind: z.literal("free_text"), ...common, answer: text, bonusPoints: z.array(text).optional() });

export const genericQuestion = z.discriminatedUnion("kind", [singleChoice, multiSelect, yesNo, numeric, shortText, freeText]);

export const genericRecord = z.object({
  id: label.min(1, "id is empty"),
  title: label.optional(),
  context,
  questions: z.array(genericQuestion).min(1, "an item needs at least one question"),
});

export type GenericRecord = z.infer<typeof genericRecord>;
export type GenericQuestion = z.infer<typeof genericQuestion>;
