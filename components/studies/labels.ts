import type { EntryMode, UnitType } from "@/lib/designs/client";
import type { StudySettings } from "@/lib/designs/settings";
import type { AskedKind, CodeKey } from "@/components/studies/settings-draft";

// Words for the set-up form and the read-only settings.

export const ENTRY_MODE_LABELS: Record<EntryMode, string> = {
  link: "Shareable link",
  prolific: "Prolific",
  mturk: "MTurk",
  annotators: "Expert annotators (signed-in accounts)",
};

export const UNIT_LABELS: Record<UnitType, string> = {
  context: "Context",
  question: "Question",
  set: "Question set",
  answer: "Model answer",
};

export const UNIT_HINTS: Record<UnitType, string> = {
  context: "A whole conversation or passage, with all its questions.",
  question: "One question at a time, with its conversation or passage.",
  set: "The selected questions of one source record together (a FANToM set record becomes one unit).",
  answer: "One model’s answer to one question.",
};

export const KIND_LABELS: Record<AskedKind, string> = {
  single_choice: "Single choice",
  multi_select: "Multiple selection (lists)",
  yes_no: "Yes/no",
  numeric: "Numeric",
  short_text: "Short text",
  free_text: "Free text",
};

export const OPTION_ORDER_LABELS: Record<StudySettings["optionOrder"], string> = {
  benchmark: "The benchmark’s order",
  shuffle: "Shuffled for each participant",
};

export const ASSIGNMENT_ORDER_LABELS: Record<StudySettings["assignmentOrder"], string> = {
  fill: "Fill units toward completion (finish before start)",
  spread: "Least answered first",
  random: "A random order for each participant",
};

export const LANGUAGE_LABELS: Record<StudySettings["language"], string> = { en: "English", zh: "Chinese (Simplified)" };

export const CODE_LABELS: Record<CodeKey, string> = {
  completed: "Completed",
  screenedOut: "Screened out",
  failedQualification: "Failed the qualification",
  failedAttention: "Failed attention checks",
  noTasks: "No tasks left",
};

export function samplingText(s: StudySettings["sampling"]): string {
  if (s.kind === "all") return "All matching units";
  if (s.kind === "random") return `${s.k} at random (seed ${s.seed})`;
  return `${s.k} per combination of ${s.by.join(" × ")} (seed ${s.seed})`;
}
