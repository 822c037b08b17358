import { z } from "zod";

// One FANToM record is a question *set* about one piece of missed information (fantom_v1.json).
const text = z.string();
const accessibility = z.string().optional();

const factQA = z.object({ question: text, question_type: text, correct_answer: text, wrong_answer: text });

const beliefQA = z.object({
  question: text,
  question_type: text,
  tom_type: z.string().optional(),
  correct_answer: text,
  wrong_answer: text,
  missed_info_accessibility: accessibility,
});

const listQA = z.object({
  question: text,
  question_type: text,
  correct_answer: z.array(text),
  wrong_answer: z.array(text),
  missed_info_accessibility: accessibility,
});

const binaryQA = z.object({
  question: text,
  question_type: text,
  // "no:long": the character was never in the conversation; it scores as "no"
  correct_answer: z.enum(["yes", "no", "no:long"]),
  missed_info_accessibility: accessibility,
});

export const fantomRecord = z.object({
  set_id: text,
  part_id: text,
  conv_id: z.union([z.number().int(), z.string()]),
  full_context: text,
  short_context: text,
  missed_info: z.string().optional(),
  joining_speaker: z.string().optional(),
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
