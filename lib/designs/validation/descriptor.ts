import type { DesignDescriptor } from "@/lib/designs/types";
import { defaultValidationConfig, validationConfigSchema, type ValidationConfig } from "@/lib/designs/validation/config";

export const validationDescriptor: DesignDescriptor<ValidationConfig> = {
  kind: "validation",
  label: "Validation",
  description: "People vote on checks about each item (flags, the answer key, a label); a majority rule decides what is kept.",
  config: validationConfigSchema,
  defaultConfig: defaultValidationConfig,
  unitTypes: ["context", "question", "set"],
  defaultUnitType: (config) => (config.answerKey && !config.contextChecks ? "question" : "context"),
  defaultN: 3,
  entryModes: ["link", "prolific", "mturk", "annotators"],
  stages: false,
  groups: false,
};
