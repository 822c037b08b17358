import { z } from "zod";

// A human baseline asks the benchmark's own questions; everything it needs (which questions,
// the view, the option order, groups and stages) is in the settings every design shares. Its
// own config is empty, and strict, so a misspelt spec field is refused, not ignored.
export const baselineConfigSchema = z.object({}).strict();
export type BaselineConfig = z.infer<typeof baselineConfigSchema>;

export const defaultBaselineConfig = (): BaselineConfig => ({});
