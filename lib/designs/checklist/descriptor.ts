import type { DesignDescriptor } from "@/lib/designs/types";
import { checklistConfigSchema, defaultChecklistConfig, type ChecklistConfig } from "@/lib/designs/checklist/config";

export const checklistDescriptor: DesignDescriptor<ChecklistConfig> = {
  kind: "checklist",
  label: "Checklist review",
  description: "Expert reviewers answer researcher-defined checklists about each item, seeing the gold answer; an item failing any criterion is dropped.",
  config: checklistConfigSchema,
  defaultConfig: defaultChecklistConfig,
  unitTypes: ["context", "question"],
  defaultUnitType: () => "context",
  defaultN: 2,
  // reviewers see gold answers and the benchmark's reasoning: accounts only, never a crowd link
  entryModes: ["annotators"],
  stages: false,
  groups: false,
};
