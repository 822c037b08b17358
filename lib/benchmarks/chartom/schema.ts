import { z } from "zod";

// One CharToM-QA item (data.parquet, or JSON Lines as evaluate_en.py reads it).
//
// Per-field caps, in characters, so that a broken or hostile file (one 10 MB field) is refused with
// its record and field named instead of being stored. The released data could not be had; the
// format fixture under ../shared/datasets is short (context_2000 461). A plot window holds up to
// about 2,000 tokens of a novel, some 10,000 characters; the caps leave a wide margin
// (lib/benchmarks/generic/README.md, "Field caps").
const PLOT_MAX = 200_000;
const TEXT_MAX = 20_000;
const LABEL_MAX = 1_000;
const plot = z.string().max(PLOT_MAX);
const text = z.string().max(TEXT_MAX);

export const chartomRecord = z
  .object({
    book_name: z.string().max(LABEL_MAX),
    tom_dimension: z.string().max(LABEL_MAX),
    context_0: plot,
    context_1000: plot,
    context_2000: plot,
    question: text.refine((s) => s.trim() !== "", "the question is empty"),
    answer: text.refine((s) => s.trim() !== "", "the answer is empty"),
    bonus_points: z.array(text),
    misleading_choices: z.array(text).min(1, "misleading_choices needs at least one choice"),
  })
  .superRefine((r, ctx) => {
    const i = r.misleading_choices.indexOf(r.answer);
    if (i >= 0) ctx.addIssue({ code: "custom", path: ["misleading_choices", i], message: "a misleading choice is the same text as the answer" });
  });

export type ChartomRecord = z.infer<typeof chartomRecord>;
