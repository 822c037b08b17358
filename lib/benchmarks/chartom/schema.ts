import { z } from "zod";

// One CharToM-QA item (data.parquet, or JSON Lines as evaluate_en.py reads it).
export const chartomRecord = z
  .object({
  book_name: z.string(),
  tom_dimension: z.string(),
  context_0: z.string(),
  context_1000: z.string(),
  context_2000: z.string(),
  question: z.string().refine((s) => s.trim() !== "", "the question is empty"),
  answer: z.string().refine((s) => s.trim() !== "", "the answer is empty"),
  bonus_points: z.array(z.string()),
  misleading_choices: z.array(z.string()).min(1, "misleading_choices needs at least one choice"),
  })
  .superRefine((r, ctx) => {
    const i = r.misleading_choices.indexOf(r.answer);
    if (i >= 0) ctx.addIssue({ code: "custom", path: ["misleading_choices", i], message: "a misleading choice is the same text as the answer" });
  });

export type ChartomRecord = z.infer<typeof chartomRecord>;
