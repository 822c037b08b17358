import { DEFAULT_FLAGS, type ValidationConfig } from "@/lib/designs/client";
import type { LabelPreset } from "@/components/studies/labels";
import { ENTRY_MODES, type EntryMode } from "@/lib/designs/client";

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
    entryMode: (ENTRY_MODES as readonly string[]).includes(s.entryMode) ? (s.entryMode as EntryMode) : "link",
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
