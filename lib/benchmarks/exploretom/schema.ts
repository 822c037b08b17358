import { z } from "zod";

// One ExploreToM row is one question about one story (ExploreToM-data-sample.csv). CSV cells are
// strings; the typed columns are checked and converted here.

// Per-field caps, in characters, so that a broken or hostile file (one 10 MB cell) is refused with
// its record and field named instead of being stored. Longest fields in the format fixture under
// ../shared/datasets (the released CSV could not be had): infilled_story 347, story_structure 314,
// question 104, qprop=params 62. Released stories are a few thousand characters at most; the caps
// leave a wide margin (lib/benchmarks/generic/README.md, "Field caps").
const STORY_MAX = 200_000;
const TEXT_MAX = 20_000;
const LABEL_MAX = 1_000;

const integer = (name: string) =>
  z.string().max(LABEL_MAX).transform((s, ctx) => {
    const t = s.trim();
    if (!/^[+-]?\d+$/.test(t)) {
      ctx.addIssue({ code: "custom", message: `${name} must be an integer, got ${JSON.stringify(s)}` });
      return z.NEVER;
    }
    return Number(t);
  });

const boolean = (name: string) =>
  z.string().max(LABEL_MAX).transform((s, ctx) => {
    const t = s.trim().toLowerCase();
    if (t === "true") return true;
    if (t === "false") return false;
    ctx.addIssue({ code: "custom", message: `${name} must be True or False, got ${JSON.stringify(s)}` });
    return z.NEVER;
  });

export const exploretomRecord = z
  .object({
    story_structure: z.string().max(STORY_MAX).refine((s) => s.trim() !== "", "the story structure is empty"),
    infilled_story: z.string().max(STORY_MAX),
    question: z.string().max(TEXT_MAX).refine((s) => s.trim() !== "", "the question is empty"),
    expected_answer: z.string().max(TEXT_MAX).refine((s) => s.trim() !== "", "the expected answer is empty"),
    "qprop=params": z.string().max(TEXT_MAX),
    "qprop=nth_order": integer("qprop=nth_order"),
    "qprop=non_unique_mental_state": boolean("qprop=non_unique_mental_state"),
  })
  // sprop=… and param=… columns (and any other) are kept as strings and become tags
  .catchall(z.string().max(TEXT_MAX));

export type ExploretomRecord = z.infer<typeof exploretomRecord>;
