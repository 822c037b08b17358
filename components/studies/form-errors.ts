import { descriptorOf } from "@/lib/designs/client";
import { formOf } from "@/lib/designs/forms";
import type { FieldErrors } from "@/lib/designs/form-kit";
import { zodInvalidParams } from "@/lib/http/problem";
import { studySpecSchema, studyUpdateSchema } from "@/lib/studies/spec";
import { toCreatePayload, toUpdatePayload, type StudyFormState } from "@/components/studies/form-model";

// Errors keyed by the API's invalid_params names (e.g. `sampling.k`,
// `config.labelJudgement.labels.0.key`), so the browser's own check and the server's answer land
// on the same fields. A design's own names (`config.…`) are worded by its form section.

export type { FieldErrors } from "@/lib/designs/form-kit";

/** The DOM id of the control for an invalid_params name. */
export function fieldId(name: string): string {
  return `study-${name.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
}

const PERCENT = "Enter a percentage from 0 to 100.";

const RANGES: Record<string, string> = {
  n: "Enter a whole number from 1 to 50.",
  leaseMinutes: "Enter a whole number of minutes from 1 to 1440.",
  maxUnitsPerParticipant: "Leave it empty for no limit, or enter a whole number from 1 to 100000.",
  maxUnitsPerContext: "Leave it empty for no limit, or enter a whole number from 1 to 100000.",
  datasetId: "Choose a dataset.",
  unitType: "Choose a unit.",
  "sampling.k": "Enter a whole number from 1 to 1000000.",
  "sampling.seed": "Enter a whole number from 0 to 2147483647.",
  "sampling.by": "Choose between 1 and 5 tags to stratify by.",
  "consent.expectedMinutes": "Leave it empty to estimate it, or enter a whole number of minutes from 1 to 1000.",
  "qualification.k": "Enter a whole number from 1 to 50.",
  "qualification.passThreshold": PERCENT,
  "training.k": "Enter a whole number from 1 to 20.",
  "attention.every": "Enter a whole number from 1 to 1000.",
  "gold.every": "Enter a whole number from 1 to 1000.",
  "exclusion.maxFailedAttention": "Leave it empty, or enter a whole number from 0 to 100.",
  "exclusion.minGoldAccuracy": PERCENT,
  "exclusion.minGoldItems": "Enter a whole number from 1 to 100.",
  "groups.balanceTolerance": "Enter a whole number from 0 to 1000.",
  "groups.names": "Give between 2 and 10 groups.",
  // the answers are counted per group name: an empty name is an "invalid key" to the server
  "groups.perUnit": "Name every group: the answers per unit are counted by group name.",
  "groups.familiarity.passThreshold": PERCENT,
  "bonus.perValidUnit": "Enter an amount from 0 to 1000.",
  "bonus.gold.minAccuracy": PERCENT,
  "bonus.gold.amount": "Enter an amount from 0 to 1000.",
  "stages.0.view": "Choose the view shown first.",
  "stages.1.view": "Choose the view revealed second.",
};

function patternReason(name: string): string | null {
  if (/^filter\./.test(name) || /^(qualification|training|gold)\.filter\./.test(name)) return "Pick at least one value, or remove this filter.";
  if (/^groups\.perUnit\./.test(name)) return "Enter a whole number of answers from 0 to 50.";
  if (/^groups\.names\.\d+$/.test(name)) return "Name the group (up to 100 characters).";
  if (/\.items\.\d+\.prompt$/.test(name)) return "Write the question.";
  if (/\.items\.\d+\.options$/.test(name)) return "Give between 2 and 9 options, one per line.";
  if (/\.items\.\d+\.answer$/.test(name)) return "Choose the right option.";
  if (/^completionCodes\./.test(name)) return "Up to 100 characters.";
  return null;
}

/** zod's generic wording replaced by what to do, for the fields where it is generic. */
export function friendlyReason(name: string, reason: string, design?: string): string {
  const generic = /^(Too small|Too big|Invalid input|Invalid UUID|Invalid uuid|Expected|Required)/i.test(reason);
  if (!generic) return reason;
  if (name.startsWith("config") && design) {
    const own = formOf(design)?.reasonFor?.(name);
    if (own) return own;
  }
  return RANGES[name] ?? patternReason(name) ?? reason;
}

// a spec says dataset/unit where the form says datasetId/unitType
const FORM_NAMES: Record<string, string> = { dataset: "datasetId", unit: "unitType" };

export function toFieldErrors(params: { name: string; reason: string }[], design?: string): FieldErrors {
  const out: FieldErrors = {};
  for (const p of params) {
    const name = FORM_NAMES[p.name] ?? p.name;
    out[name] ??= friendlyReason(name, p.reason, design);
  }
  return out;
}

/** Checks the form makes beyond the spec: choices the spec would read differently. */
function formOnlyErrors(state: StudyFormState, locked: boolean): FieldErrors {
  const out: FieldErrors = {};
  if (!locked && state.settings.kinds?.length === 0) out.kinds = "Choose at least one kind of question.";
  if (!locked && state.settings.sampling.kind === "stratified" && state.settings.sampling.by.length === 0) out["sampling.by"] = RANGES["sampling.by"]!;
  return out;
}

/** The same check the server makes, run before sending. An edit is checked as the whole spec it will become. */
export function validateForm(state: StudyFormState, mode: "create" | "edit", locked = false): FieldErrors {
  const spec = studySpecSchema.safeParse(toCreatePayload(state));
  const own = formOnlyErrors(state, locked);
  let errors = spec.success ? {} : toFieldErrors(zodInvalidParams(spec.error), state.design);
  if (mode === "edit") {
    // the dataset is fixed, and a locked study sends only what may still change
    delete errors.datasetId;
    if (locked) errors = Object.fromEntries(Object.entries(errors).filter(([name]) => !isLockedName(name)));
    const update = studyUpdateSchema.safeParse(toUpdatePayload(state, locked));
    if (!update.success) errors = { ...toFieldErrors(zodInvalidParams(update.error), state.design), ...errors };
  }
  return { ...errors, ...own };
}

const LOCKED_ROOTS = new Set(["unitType", "filter", "n", "config", "sampling", "view", "views", "kinds", "optionOrder", "groups", "stages"]);
const isLockedName = (name: string) => LOCKED_ROOTS.has(name.split(".")[0]!);

const NAMES: Record<string, string> = {
  name: "Name",
  datasetId: "Dataset",
  design: "Design",
  unitType: "Unit",
  filter: "Tag filter",
  maxUnitsPerParticipant: "Most units per participant",
  leaseMinutes: "Lease length",
  instructions: "Instructions",
  entryMode: "Entry mode",
  completionUrl: "Completion URL",
  sampling: "Sampling",
  "sampling.k": "Sampling: how many",
  "sampling.seed": "Sampling seed",
  "sampling.by": "Strata tags",
  kinds: "Question kinds",
  view: "Context view",
  optionOrder: "Option order",
  maxUnitsPerContext: "Most units per context",
  excludeParticipantsOf: "Exclude participants of",
  linkedStudies: "Linked studies",
  assignmentOrder: "Assignment order",
  language: "Language",
  "consent.informationSheet": "Information sheet",
  "consent.contact": "Contact",
  "consent.version": "Consent text version",
  "consent.expectedMinutes": "Expected minutes",
  "consent.debrief": "Debrief",
  groups: "Groups",
  "groups.names": "Group names",
  "groups.perUnit": "Answers per group",
  "groups.balanceTolerance": "Balance tolerance",
  "groups.membership.param": "Group parameter",
  "groups.membership.tag": "Group tag",
  "groups.screener.prompt": "Screener question",
  "groups.list": "Group list",
  "groups.familiarity.passThreshold": "Familiarity pass mark",
  stages: "Stages",
  "qualification.k": "Qualification questions",
  "qualification.passThreshold": "Qualification pass mark",
  "training.k": "Training questions",
  "attention.every": "Attention check frequency",
  "gold.every": "Gold item frequency",
  "exclusion.maxFailedAttention": "Failed attention checks allowed",
  "exclusion.minGoldAccuracy": "Minimum gold accuracy",
  "exclusion.minGoldItems": "Gold answers before judging",
  "bonus.perValidUnit": "Bonus per valid unit",
  "bonus.gold.minAccuracy": "Gold bonus accuracy",
  "bonus.gold.amount": "Gold bonus amount",
};

const CODE_NAMES: Record<string, string> = {
  completed: "Completion code (completed)",
  screenedOut: "Completion code (screened out)",
  failedQualification: "Completion code (failed qualification)",
  failedAttention: "Completion code (failed attention checks)",
  noTasks: "Completion code (no tasks left)",
};

function patternName(name: string): string | null {
  if (name.startsWith("filter.")) return `Tag filter “${name.slice("filter.".length)}”`;
  const area = /^(qualification|training|gold)\.filter\.(.+)$/.exec(name);
  if (area) return `${area[1]![0]!.toUpperCase()}${area[1]!.slice(1)} filter “${area[2]}”`;
  const item = /^(attention|groups\.familiarity)\.items\.(\d+)\.(\w+)$/.exec(name);
  if (item) return `${item[1] === "attention" ? "Attention check" : "Familiarity question"} ${Number(item[2]) + 1} ${item[3]}`;
  const group = /^groups\.names\.(\d+)$/.exec(name);
  if (group) return `Group ${Number(group[1]) + 1} name`;
  if (name.startsWith("groups.perUnit.")) return `Answers from “${name.slice("groups.perUnit.".length)}”`;
  const stage = /^stages\.(\d+)\.(\w+)$/.exec(name);
  if (stage) return `Stage ${Number(stage[1]) + 1} ${stage[2]}`;
  if (name.startsWith("completionCodes.")) return CODE_NAMES[name.slice("completionCodes.".length)] ?? name;
  return null;
}

/** A human name for an invalid_params name, for the error summary. */
export function fieldName(name: string, design?: string): string {
  if (name === "n") return (design && formOf(design)?.nLabel) || "Answers per unit";
  if (NAMES[name]) return NAMES[name]!;
  if (name.startsWith("config") && design) {
    const own = formOf(design)?.fieldName?.(name);
    if (own) return own;
    if (name === "config") return `${descriptorOf(design)?.label ?? "Design"} settings`;
  }
  return patternName(name) ?? name;
}
