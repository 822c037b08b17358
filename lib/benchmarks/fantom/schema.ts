import { z } from "zod";

// One FANToM record is a question *set* about one piece of missed information (fantom_v1.json).
// Per-field caps, in characters, so that a broken or hostile file (one 10 MB prompt) is refused
// with its record and field named instead of being stored. Longest fields in the released sample
// under ../shared/datasets: full_context 6,191, short_context 3,128, missed_info 537,
// answers 249, questions 142, labels 29. The caps leave a wide margin
// (lib/benchmarks/generic/README.md, "Field caps").
const CONTEXT_MAX = 200_000;
const TEXT_MAX = 20_000;
const LABEL_MAX = 1_000;
const context = z.string().max(CONTEXT_MAX);
const text = z.string().max(TEXT_MAX);
const label = z.string().max(LABEL_MAX);
const accessibility = label.optional();

const factQA = z.object({ question: text, question_type: label, correct_answer: text, wrong_answer: text });

const beliefQA = z.object({
  question: text,
  question_type: label,
  tom_type: label.optional(),
  correct_answer: text,
  wrong_answer: text,
  missed_info_accessibility: accessibility,
});

const listQA = z.object({
  question: text,
  question_type: label,
  correct_answer: z.array(label),
  wrong_answer: z.array(label),
  missed_info_accessibility: accessibility,
});

const binaryQA = z.object({
  question: text,
  question_type: label,
  // "no:long": the character was never in the conversation; it scores as "no"
  correct_answer: z.enum(["yes", "no", "no:long"]),
  missed_info_accessibility: accessibility,
});

export const fantomRecord = z.object({
  set_id: label,
  part_id: label,
  conv_id: z.union([z.number().int(), label]),
  full_context: context,
  short_context: context,
  missed_info: text.optional(),
  joining_speaker: label.optional(),
  factQA,
  beliefQAs: z.array(beliefQA),
  infoAccessibilityQA_list: listQA,
  answerabilityQA_list: listQA,
  infoAccessibilityQAs_binary: z.array(binaryQA),
  answerabilityQAs_binary: z.array(binaryQA),
});

export type FantomRecord = z.infer<typeof fantomRecord>;
export type FantomListQA = z.infer<typeof listQA>;
export type FantomBinaryQA = z.infer<typeof binaryQA>;
