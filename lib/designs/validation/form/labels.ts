import type { TiePolicy } from "@/lib/designs/validation/config";

// Words of the validation form and its read-only summary, and the label-judgement presets.

export const ANSWER_KEY_HELP =
  "For a choice question, “is the marked answer correct?” plus, for each other option, “is this option incorrect?”; for other kinds, “is the reference answer correct?”; plus a “this question is broken or ambiguous” flag.";

export const TIE_POLICY_LABELS: Record<TiePolicy, string> = {
  needs_review: "Needs review",
  keep: "Keep",
  reject: "Reject",
};

export const TIE_HINTS: Record<TiePolicy, string> = {
  needs_review: "The unit waits in the adjudication queue for your decision (default).",
  keep: "A tied check does not reject the unit.",
  reject: "A tied check rejects the unit.",
};

export interface LabelPreset {
  id: string;
  name: string;
  prompt: string;
  labels: { key: string; label: string; description?: string; rejects: boolean }[];
}

export const LABEL_PRESETS: LabelPreset[] = [
  {
    id: "tomato",
    name: "ToMATO false-belief judgement",
    prompt: "Does B correctly understand A's mental state?",
    labels: [
      { key: "yes", label: "Yes", description: "B understands A's mental state correctly, so this is not a false belief.", rejects: true },
      { key: "partially", label: "Partially", description: "B partially misunderstands A's mental state.", rejects: false },
      { key: "no", label: "No", description: "B misunderstands A's mental state.", rejects: false },
    ],
  },
  {
    id: "chartom",
    name: "CharToM-QA note validity",
    prompt: "Does the note appropriately describe the character's mental state?",
    labels: [
      { key: "accurate", label: "Accurate", rejects: false },
      {
        key: "subjective",
        label: "Subjective but consistent",
        description: "Open to interpretation, yet consistent with the book and cannot be falsified.",
        rejects: false,
      },
      { key: "inappropriate", label: "Inappropriate", rejects: true },
    ],
  },
];
