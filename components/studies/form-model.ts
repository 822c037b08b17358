import { DEFAULT_FLAGS, type ValidationConfig } from "@/lib/designs/validation/config";
import type { EntryMode } from "@/lib/studies/schemas";

// The set-up form's state, kept as the researcher types it (numbers as strings, drafts with
// stable ids), and its mapping to the API's payload. Pure, so it is unit-tested.

export type UnitType = "context" | "question";
export type TiePolicy = ValidationConfig["rule"]["tiePolicy"];

export interface FlagDraft {
  id: string;
  key: string;
  label: string;
  description: string;
  /** false while the key still follows the label */
  keyEdited: boolean;
}

export interface LabelDraft extends FlagDraft {
  rejects: boolean;
}

export interface FilterRow {
  id: string;
  tag: string;
  values: string[];
}

export interface StudyFormState {
  seq: number;
  name: string;
  datasetId: string;
  unitType: UnitType;
  filter: FilterRow[];
  n: string;
  maxUnits: string;
  leaseMinutes: string;
  instructions: string;
  entryMode: EntryMode;
  completionUrl: string;
  contextChecks: boolean;
  flags: FlagDraft[];
  comment: boolean;
  answerKey: boolean;
  labelJudgement: boolean;
  labelPrompt: string;
  labels: LabelDraft[];
  tiePolicy: TiePolicy;
  llmJudge: boolean;
  llmModel: string;
}

export type Update = (fn: (s: StudyFormState) => StudyFormState) => void;

/** A study's stored settings, as the edit form receives them. */
export interface StudySettings {
  name: string;
  unitType: string;
  filter: Record<string, string[]>;
  n: number;
  maxUnitsPerParticipant: number | null;
  leaseMinutes: number;
  instructions: string;
  entryMode: string;
  completionUrl: string | null;
  config: ValidationConfig;
}

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

/** A key the server accepts, derived from a label: lower-case letters, digits and _, starting with a letter. */
export function slugKey(label: string): string {
  const slug = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  // a key must start with a letter: "2nd order" becomes "k_2nd_order"
  return (/^[0-9]/.test(slug) ? `k_${slug}` : slug).slice(0, 40).replace(/_+$/, "");
}

/** Label edits move the key along until the key itself is edited. */
export function renameDraft<T extends FlagDraft>(draft: T, label: string): T {
  return { ...draft, label, key: draft.keyEdited ? draft.key : slugKey(label) };
}

function flagDrafts(flags: { key: string; label: string; description?: string }[], seq: number) {
  return flags.map((f, i) => ({ id: `flag-${seq + i}`, key: f.key, label: f.label, description: f.description ?? "", keyEdited: true }));
}

function labelDrafts(labels: LabelPreset["labels"], seq: number): LabelDraft[] {
  return labels.map((l, i) => ({
    id: `label-${seq + i}`,
    key: l.key,
    label: l.label,
    description: l.description ?? "",
    rejects: l.rejects,
    keyEdited: true,
  }));
}

export function initialFormState(datasetId = ""): StudyFormState {
  return {
    seq: 100,
    name: "",
    datasetId,
    unitType: "context",
    filter: [],
    n: "3",
    maxUnits: "",
    leaseMinutes: "30",
    instructions: "",
    entryMode: "link",
    completionUrl: "",
    contextChecks: true,
    flags: flagDrafts(DEFAULT_FLAGS, 0),
    comment: true,
    answerKey: false,
    labelJudgement: false,
    labelPrompt: "",
    labels: labelDrafts(
      [
        { key: "", label: "", rejects: false },
        { key: "", label: "", rejects: false },
      ],
      50,
    ).map((l) => ({ ...l, keyEdited: false })),
    tiePolicy: "needs_review",
    llmJudge: false,
    llmModel: "",
  };
}

export function formStateFromStudy(s: StudySettings): StudyFormState {
  const base = initialFormState();
  const c = s.config;
  return {
    ...base,
    name: s.name,
    unitType: s.unitType === "question" ? "question" : "context",
    filter: Object.entries(s.filter).map(([tag, values], i) => ({ id: `filter-${i}`, tag, values })),
    n: String(s.n),
    maxUnits: s.maxUnitsPerParticipant === null ? "" : String(s.maxUnitsPerParticipant),
    leaseMinutes: String(s.leaseMinutes),
    instructions: s.instructions,
    entryMode: (Object.keys(ENTRY_MODE_LABELS) as EntryMode[]).includes(s.entryMode as EntryMode) ? (s.entryMode as EntryMode) : "link",
    completionUrl: s.completionUrl ?? "",
    contextChecks: c.contextChecks !== null,
    flags: c.contextChecks ? flagDrafts(c.contextChecks.flags, 0) : base.flags,
    comment: c.contextChecks?.comment ?? true,
    answerKey: c.answerKey,
    labelJudgement: c.labelJudgement !== null,
    labelPrompt: c.labelJudgement?.prompt ?? "",
    labels: c.labelJudgement ? labelDrafts(c.labelJudgement.labels, 50) : base.labels,
    tiePolicy: c.rule.tiePolicy,
    llmJudge: c.rule.llmJudge !== null,
    llmModel: c.rule.llmJudge?.model ?? "",
  };
}

export function applyPreset(state: StudyFormState, preset: LabelPreset): StudyFormState {
  return {
    ...state,
    seq: state.seq + preset.labels.length,
    labelJudgement: true,
    labelPrompt: preset.prompt,
    labels: labelDrafts(preset.labels, state.seq),
  };
}

/** Numbers typed in a field: an integer, or NaN so validation reports it (never a silent default). */
function integer(text: string): number {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : Number.NaN;
}

const optional = (text: string) => (text.trim() === "" ? undefined : text.trim());

export function configPayload(s: StudyFormState) {
  return {
    contextChecks: s.contextChecks
      ? {
          flags: s.flags.map((f) => ({ key: f.key.trim(), label: f.label.trim(), description: optional(f.description) })),
          comment: s.comment,
        }
      : null,
    answerKey: s.answerKey,
    labelJudgement: s.labelJudgement
      ? {
          prompt: s.labelPrompt.trim(),
          labels: s.labels.map((l) => ({ key: l.key.trim(), label: l.label.trim(), description: optional(l.description), rejects: l.rejects })),
        }
      : null,
    rule: { tiePolicy: s.tiePolicy, llmJudge: s.llmJudge ? { model: s.llmModel } : null },
  };
}

export function filterPayload(rows: FilterRow[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const row of rows) if (row.tag) out[row.tag] = [...(out[row.tag] ?? []), ...row.values];
  return out;
}

/** Settings shared by create and update. NaN numbers become null in JSON; validation catches them first. */
function commonPayload(s: StudyFormState) {
  return {
    name: s.name.trim(),
    maxUnitsPerParticipant: s.maxUnits.trim() === "" ? null : integer(s.maxUnits),
    leaseMinutes: integer(s.leaseMinutes),
    instructions: s.instructions,
    entryMode: s.entryMode,
    completionUrl: s.entryMode === "annotators" || s.completionUrl.trim() === "" ? null : s.completionUrl.trim(),
  };
}

function lockedPayload(s: StudyFormState) {
  return { unitType: s.unitType, filter: filterPayload(s.filter), n: integer(s.n), config: configPayload(s) };
}

export function toCreatePayload(s: StudyFormState) {
  return { ...commonPayload(s), datasetId: s.datasetId, design: "validation" as const, ...lockedPayload(s) };
}

/** For PATCH: the settings locked after the first response are left out when locked. */
export function toUpdatePayload(s: StudyFormState, locked: boolean) {
  return locked ? commonPayload(s) : { ...commonPayload(s), ...lockedPayload(s) };
}
