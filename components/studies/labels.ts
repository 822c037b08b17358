import type { EntryMode } from "@/lib/designs/client";
import type { TiePolicy } from "@/components/studies/form-model";

// Words for the set-up form and the read-only settings, and the label-judgement presets.

export const ENTRY_MODE_LABELS: Record<EntryMode, string> = {
  link: "Shareable link",
  prolific: "Prolific",
  mturk: "MTurk",
  annotators: "Expert annotators (signed-in accounts)",
};

export const UNIT_LABELS: Record<string, string> = { context: "Context (conversation or passage)", question: "Question" };

export const ANSWER_KEY_HELP =
  "For a choice question, “is the marked answer correct?” plus, for each other option, “is this option incorrect?”; for other kinds, “is the reference answer correct?”; plus a “this question is broken or ambiguous” flag.";

export const TIE_POLICY_LABELS: Record<TiePolicy, string> = {
  needs_review: "Needs review",
  keep: "Keep",
  reject: "Reject",
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
