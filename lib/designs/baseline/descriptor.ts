import type { DesignDescriptor } from "@/lib/designs/types";
import { baselineConfigSchema, defaultBaselineConfig, type BaselineConfig } from "@/lib/designs/baseline/config";

export const baselineDescriptor: DesignDescriptor<BaselineConfig> = {
  kind: "baseline",
  label: "Human baseline",
  description: "People answer the benchmark's questions as models do; answers are scored by the benchmark's own rules, beside model scores.",
  config: baselineConfigSchema,
  defaultConfig: defaultBaselineConfig,
  unitTypes: ["question", "set", "context"],
  defaultUnitType: () => "question",
  defaultN: 1,
  entryModes: ["link", "prolific", "mturk", "annotators"],
  stages: true,
  groups: true,
};
