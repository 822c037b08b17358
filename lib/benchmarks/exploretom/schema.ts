import { z } from "zod";

// One ExploreToM row is one question about one story (ExploreToM-data-sample.csv). CSV cells are
// strings; the typed columns are checked and converted here.
export const REQUIRED_COLUMNS = [
  "story_structure",
  "infilled_story",
  "question",
  "expected_answer",
  "qprop=params",
  "qprop=nth_order",
  "qprop=non_unique_mental_state",
] as const;

const integer = (name: string) =>
  z.string().transform((s, ctx) => {
    const t = s.trim();
    if (!/^[+-]?\d+$/.test(t)) {
      ctx.addIssue({ code: "custom", message: `${name} must be an integer, got ${JSON.stringify(s)}` });
      return z.NEVER;
    }
    return Number(t);
  });

const boolean = (name: string) =>
  z.string().transform((s, ctx) => {
    const t = s.trim().toLowerCase();
    if (t === "true") return true;
    if (t === "false") return false;
    ctx.addIssue({ code: "custom", message: `${name} must be True or False, got ${JSON.stringify(s)}` });
    return z.NEVER;
  });

export const exploretomRecord = z
  .object({
    story_structure: z.string().refine((s) => s.trim() !== "", "the story structure is empty"),
    infilled_story: z.string(),
    question: z.string().refine((s) => s.trim() !== "", "the question is empty"),
    expected_answer: z.string().refine((s) => s.trim() !== "", "the expected answer is empty"),
    "qprop=params": z.string(),
    "qprop=nth_order": integer("qprop=nth_order"),
    "qprop=non_unique_mental_state": boolean("qprop=non_unique_mental_state"),
  })
  // sprop=… and param=… columns (and any other) are kept as strings and become tags
  .catchall(z.string());

export type ExploretomRecord = z.infer<typeof exploretomRecord>;
