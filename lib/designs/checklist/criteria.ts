import type { Check } from "@/lib/designs/types";
import type { AnswerType, ChecklistConfig } from "@/lib/designs/checklist/config";

// The criteria a unit asks, flattened and keyed "<checklist>.<criterion>", each with its options
// and the rule for passing. Every answer is categorical, so voting, agreement and adjudication
// work the same way for all answer types.

export interface CheckOption {
  value: string;
  label: string;
  description?: string;
}

export interface Criterion {
  /** "<checklist>.<criterion>" */
  key: string;
  checklist: { key: string; title: string };
  prompt: string;
  answer: AnswerType;
  comment: "required" | "optional" | "none";
  help?: string;
  options: CheckOption[];
}

const OPTIONS: Record<AnswerType, CheckOption[]> = {
  yes_no: [
    { value: "yes", label: "Yes" },
    { value: "no", label: "No" },
  ],
  yes_partly_no: [
    { value: "yes", label: "Yes" },
    { value: "partly", label: "Partly" },
    { value: "no", label: "No" },
  ],
  yes_no_na: [
    { value: "yes", label: "Yes" },
    { value: "no", label: "No" },
    { value: "na", label: "Not applicable" },
  ],
  scale_1_5: [
    { value: "1", label: "1", description: "very poor" },
    { value: "2", label: "2" },
    { value: "3", label: "3" },
    { value: "4", label: "4" },
    { value: "5", label: "5", description: "excellent" },
  ],
};

/** The answers that pass a criterion: "yes" (and "not applicable"), or 4 and above on the 1–5 scale. */
export function passes(answer: AnswerType, value: string): boolean {
  switch (answer) {
    case "yes_no":
    case "yes_partly_no":
      return value === "yes";
    case "yes_no_na":
      return value === "yes" || value === "na";
    case "scale_1_5":
      return Number(value) >= 4;
  }
}

export function criteriaOf(config: Pick<ChecklistConfig, "checklists">): Criterion[] {
  return config.checklists.flatMap((list) =>
    list.criteria.map((c) => ({
      key: `${list.key}.${c.key}`,
      checklist: { key: list.key, title: list.title },
      prompt: c.prompt,
      answer: c.answer,
      comment: c.comment,
      ...(c.help ? { help: c.help } : {}),
      options: OPTIONS[c.answer],
    })),
  );
}

/** A criterion as the reviewer's browser receives it. */
export function wireCheck(c: Criterion): Check {
  return {
    key: c.key,
    kind: "criterion",
    prompt: c.prompt,
    options: c.options,
    section: c.checklist.title,
    ...(c.help ? { help: c.help } : {}),
    ...(c.comment !== "none" ? { comment: c.comment } : {}),
  };
}
