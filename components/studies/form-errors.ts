import { zodInvalidParams } from "@/lib/http/problem";
import { studySpecSchema, studyUpdateSchema } from "@/lib/studies/spec";
import { toCreatePayload, toUpdatePayload, type StudyFormState } from "@/components/studies/form-model";

// Errors keyed by the API's invalid_params names (e.g. `config.labelJudgement.labels.0.key`),
// so the browser's own check and the server's answer land on the same fields.

export type FieldErrors = Record<string, string>;

/** The DOM id of the control for an invalid_params name. */
export function fieldId(name: string): string {
  return `study-${name.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
}

const RANGES: Record<string, string> = {
  n: "Enter a whole number from 1 to 50.",
  leaseMinutes: "Enter a whole number of minutes from 1 to 1440.",
  maxUnitsPerParticipant: "Leave it empty for no limit, or enter a whole number from 1 to 100000.",
  datasetId: "Choose a dataset.",
  unitType: "Choose a unit.",
  "config.labelJudgement.prompt": "Enter the question annotators answer.",
  "config.labelJudgement.labels": "Give between 2 and 9 labels.",
  "config.contextChecks.flags": "Give between 1 and 10 flags.",
  "config.rule.llmJudge.model": "Choose the model whose judgements to use.",
  "config.rule.llmJudge": "Choose the model whose judgements to use.",
};

/** zod's generic wording replaced by what to do, for the fields where it is generic. */
export function friendlyReason(name: string, reason: string): string {
  const generic = /^(Too small|Too big|Invalid input|Invalid UUID|Invalid uuid|Expected|Required)/i.test(reason);
  if (!generic) return reason;
  if (RANGES[name]) return RANGES[name]!;
  if (/\.label$/.test(name)) return "Enter a label.";
  if (/\.key$/.test(name)) return "Enter a key (lower-case letters, digits and _).";
  if (/^filter\./.test(name)) return "Pick at least one value, or remove this filter.";
  return reason;
}

// a spec says dataset/unit where the form says datasetId/unitType
const FORM_NAMES: Record<string, string> = { dataset: "datasetId", unit: "unitType" };

export function toFieldErrors(params: { name: string; reason: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const p of params) {
    const name = FORM_NAMES[p.name] ?? p.name;
    out[name] ??= friendlyReason(name, p.reason);
  }
  return out;
}

/** The same check the server makes, run before sending. */
export function validateForm(state: StudyFormState, mode: "create" | "edit", locked = false): FieldErrors {
  const parsed =
    mode === "create"
      ? studySpecSchema.safeParse(toCreatePayload(state))
      : studyUpdateSchema.safeParse(toUpdatePayload(state, locked));
  if (parsed.success) return {};
  return toFieldErrors(zodInvalidParams(parsed.error));
}

const NAMES: Record<string, string> = {
  name: "Name",
  datasetId: "Dataset",
  unitType: "Unit",
  filter: "Tag filter",
  n: "Annotators per unit",
  maxUnitsPerParticipant: "Most units per participant",
  leaseMinutes: "Lease length",
  instructions: "Instructions",
  entryMode: "Entry mode",
  completionUrl: "Completion URL",
  config: "Checks",
  "config.contextChecks.flags": "Context flags",
  "config.labelJudgement.prompt": "Label judgement prompt",
  "config.labelJudgement.labels": "Labels",
  "config.rule.tiePolicy": "Tie policy",
  "config.rule.llmJudge": "LLM judge",
  "config.rule.llmJudge.model": "LLM judge model",
};

/** A human name for an invalid_params name, for the error summary. */
export function fieldName(name: string): string {
  if (NAMES[name]) return NAMES[name]!;
  const flag = /^config\.contextChecks\.flags\.(\d+)\.(\w+)$/.exec(name);
  if (flag) return `Flag ${Number(flag[1]) + 1} ${flag[2]}`;
  const label = /^config\.labelJudgement\.labels\.(\d+)\.(\w+)$/.exec(name);
  if (label) return `Label ${Number(label[1]) + 1} ${label[2]}`;
  if (name.startsWith("filter.")) return `Tag filter “${name.slice("filter.".length)}”`;
  return name;
}
