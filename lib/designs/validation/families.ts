import type { VoteFamilies } from "@/lib/designs/types";
import type { ValidationConfig } from "@/lib/designs/validation/config";

// The check families agreement is reported for: each flag and the label judgement on their own,
// the answer key's items pooled (their options mean the same: correct / wrong / broken).
export const ANSWER_KEY_FAMILY = "answer_key";

export function validationFamilies(config: ValidationConfig): VoteFamilies {
  return {
    own: [
      ...(config.contextChecks?.flags ?? []).map((f) => ({ key: `flag:${f.key}`, label: f.label })),
      ...(config.labelJudgement ? [{ key: "label", label: config.labelJudgement.prompt }] : []),
    ],
    pooled: config.answerKey ? { key: ANSWER_KEY_FAMILY, label: "Answer key (all items)" } : null,
  };
}
