import { DEFAULT_FLAGS, validationConfigSchema, type TiePolicy } from "@/lib/designs/validation/config";
import { slugKey } from "@/lib/designs/form-kit";
import type { LabelPreset } from "@/lib/designs/validation/form/labels";

export { slugKey };

// The validation section's draft, kept as the researcher types it (drafts with stable ids, keys
// that follow their labels), and its mapping to and from the design's config. Pure, so it is
// unit-tested.

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

export interface ValidationDraft {
  /** the next free number for a new flag or label id */
  seq: number;
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

/** Label edits move the key along until the key itself is edited. */
export function renameDraft<T extends FlagDraft>(draft: T, label: string): T {
  return { ...draft, label, key: draft.keyEdited ? draft.key : slugKey(label) };
}

function flagDrafts(flags: { key: string; label: string; description?: string }[], seq: number): FlagDraft[] {
  return flags.map((f, i) => ({ id: `flag-${seq + i}`, key: f.key, label: f.label, description: f.description ?? "", keyEdited: true }));
}

function labelDrafts(labels: LabelPreset["labels"], seq: number): LabelDraft[] {
  return labels.map((l, i) => ({ id: `label-${seq + i}`, key: l.key, label: l.label, description: l.description ?? "", rejects: l.rejects, keyEdited: true }));
}

const blankLabel = (id: string): LabelDraft => ({ id, key: "", label: "", description: "", rejects: false, keyEdited: false });

export function emptyValidationDraft(): ValidationDraft {
  return {
    seq: 100,
    contextChecks: true,
    flags: flagDrafts(DEFAULT_FLAGS, 0),
    comment: true,
    answerKey: false,
    labelJudgement: false,
    labelPrompt: "",
    labels: [blankLabel("label-50"), blankLabel("label-51")],
    tiePolicy: "needs_review",
    llmJudge: false,
    llmModel: "",
  };
}

/** A stored config as a draft; a config this design cannot read gives the empty draft. */
export function validationDraftFrom(config: unknown): ValidationDraft {
  const base = emptyValidationDraft();
  const parsed = validationConfigSchema.safeParse(config);
  if (!parsed.success) return base;
  const c = parsed.data;
  return {
    ...base,
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

export function applyPreset(draft: ValidationDraft, preset: LabelPreset): ValidationDraft {
  return { ...draft, seq: draft.seq + preset.labels.length, labelJudgement: true, labelPrompt: preset.prompt, labels: labelDrafts(preset.labels, draft.seq) };
}

const optional = (text: string) => (text.trim() === "" ? undefined : text.trim());

/** The config input: switched-off parts are null, so the schema's "at least one check" rule sees them. */
export function validationConfigOf(d: ValidationDraft) {
  return {
    contextChecks: d.contextChecks
      ? { flags: d.flags.map((f) => ({ key: f.key.trim(), label: f.label.trim(), description: optional(f.description) })), comment: d.comment }
      : null,
    answerKey: d.answerKey,
    labelJudgement: d.labelJudgement
      ? {
          prompt: d.labelPrompt.trim(),
          labels: d.labels.map((l) => ({ key: l.key.trim(), label: l.label.trim(), description: optional(l.description), rejects: l.rejects })),
        }
      : null,
    rule: { tiePolicy: d.tiePolicy, llmJudge: d.llmJudge ? { model: d.llmModel } : null },
  };
}

/** The judge is one of the dataset's models: another dataset may not have it. */
export function withoutJudge(d: ValidationDraft): ValidationDraft {
  return { ...d, llmJudge: false, llmModel: "" };
}
