import { z } from "zod";

// A human baseline asks the benchmark's own questions; what it needs (which questions, the view,
// the option order, groups and stages) is in the settings every design shares. Its own config
// is which tagged subsets get rows of their own in the results (CharToM-QA's "indirect"
// questions), and it is strict, so a misspelt spec field is refused, not ignored.
export const baselineConfigSchema = z
  .object({
    subsets: z.array(z.string().trim().min(1).max(100)).max(10).default([]),
  })
  .strict();
export type BaselineConfig = z.infer<typeof baselineConfigSchema>;

export const defaultBaselineConfig = (): BaselineConfig => ({ subsets: [] });
