import { defaultSettings, type Language, type StudySettings } from "@/lib/designs/settings";
import { emptyGroupsDraft, groupsDraftFrom, groupsPayload, type GroupsDraft } from "@/components/studies/groups-draft";
import { decimal, integer, numberText, optionalInteger, percentText, share } from "@/components/studies/numbers";
import { emptyQualityDraft, qualityDraftFrom, qualityPayload, type QualityDraft } from "@/components/studies/quality-draft";

// The settings every design shares (lib/designs/settings.ts), as the form edits them, and their
// mapping to and from the stored settings. Pure, so it is unit-tested.

export type AskedKind = StudySettings["kinds"][number];
export const ASKABLE_KINDS: readonly AskedKind[] = ["single_choice", "multi_select", "yes_no", "numeric", "short_text", "free_text"];

export interface SamplingDraft {
  kind: StudySettings["sampling"]["kind"];
  k: string;
  seed: string;
  /** stratified: the tags whose value combinations are the strata */
  by: string[];
}

export interface StageDraft {
  view: string;
  label: string;
}

export type CodeKey = keyof StudySettings["completionCodes"];
export const CODE_KEYS: readonly CodeKey[] = ["completed", "screenedOut", "failedQualification", "failedAttention", "noTasks"];

export interface SettingsDraft {
  sampling: SamplingDraft;
  /** "" : the dataset's default view */
  view: string;
  /** expert review: views side by side (kept as stored; not edited here) */
  views: string[];
  /** null: every kind; a list: only these */
  kinds: AskedKind[] | null;
  optionOrder: StudySettings["optionOrder"];
  groups: GroupsDraft;
  stages: { enabled: boolean; first: StageDraft; second: StageDraft };
  quality: QualityDraft;
  completionCodes: Record<CodeKey, string>;
  bonus: { enabled: boolean; perValidUnit: string; gold: boolean; goldPercent: string; goldAmount: string };
  consent: { informationSheet: string; contact: string; version: string; expectedMinutes: string; debrief: string };
  language: Language;
  allowLanguageSwitch: boolean;
  excludeParticipantsOf: string[];
  maxUnitsPerContext: string;
  linkedStudies: string[];
  /** null: the design's default (rating: random; the others: fill) until the researcher chooses */
  assignmentOrder: StudySettings["assignmentOrder"] | null;
  showOthersAfterSubmit: boolean;
}

export function settingsDraftFrom(s: StudySettings): SettingsDraft {
  const sampling = s.sampling;
  return {
    sampling: {
      kind: sampling.kind,
      k: sampling.kind === "all" ? "10" : String(sampling.k),
      seed: sampling.kind === "all" ? "1" : String(sampling.seed),
      by: sampling.kind === "stratified" ? [...sampling.by] : [],
    },
    view: s.view ?? "",
    views: [...s.views],
    kinds: s.kinds.length === 0 ? null : [...s.kinds],
    optionOrder: s.optionOrder,
    groups: groupsDraftFrom(s.groups),
    stages: {
      enabled: s.stages.length > 0,
      first: { view: s.stages[0]?.view ?? "", label: s.stages[0]?.label ?? "" },
      second: { view: s.stages[1]?.view ?? "", label: s.stages[1]?.label ?? "" },
    },
    quality: s.qualification || s.training || s.attention || s.gold || s.exclusion ? qualityDraftFrom(s) : emptyQualityDraft(),
    completionCodes: Object.fromEntries(CODE_KEYS.map((k) => [k, s.completionCodes[k] ?? ""])) as Record<CodeKey, string>,
    bonus: {
      enabled: s.bonus !== null,
      perValidUnit: String(s.bonus?.perValidUnit ?? 0),
      gold: Boolean(s.bonus?.gold),
      goldPercent: s.bonus?.gold ? percentText(s.bonus.gold.minAccuracy) : "80",
      goldAmount: s.bonus?.gold ? String(s.bonus.gold.amount) : "1",
    },
    consent: {
      informationSheet: s.consent.informationSheet,
      contact: s.consent.contact,
      version: s.consent.version,
      expectedMinutes: numberText(s.consent.expectedMinutes),
      debrief: s.consent.debrief,
    },
    language: s.language,
    allowLanguageSwitch: s.allowLanguageSwitch,
    excludeParticipantsOf: [...s.excludeParticipantsOf],
    maxUnitsPerContext: numberText(s.maxUnitsPerContext),
    linkedStudies: [...s.linkedStudies],
    assignmentOrder: s.assignmentOrder,
    showOthersAfterSubmit: s.showOthersAfterSubmit,
  };
}

export function emptySettingsDraft(): SettingsDraft {
  return { ...settingsDraftFrom(defaultSettings()), groups: emptyGroupsDraft(), assignmentOrder: null };
}

function samplingPayload(s: SamplingDraft) {
  if (s.kind === "all") return { kind: "all" as const };
  if (s.kind === "random") return { kind: "random" as const, k: integer(s.k), seed: integer(s.seed) };
  return { kind: "stratified" as const, by: s.by, k: integer(s.k), seed: integer(s.seed) };
}

const stage = (s: StageDraft) => ({ view: s.view, ...(s.label.trim() ? { label: s.label.trim() } : {}) });

/** What participants are asked: the server locks these once the first response exists (askedOf in lib/studies/service.ts). */
export function askedPayload(d: SettingsDraft) {
  return {
    sampling: samplingPayload(d.sampling),
    view: d.view === "" ? null : d.view,
    views: d.views,
    // an emptied list would mean "every kind" to the server; validation asks for one instead
    kinds: d.kinds ?? [],
    optionOrder: d.optionOrder,
    groups: groupsPayload(d.groups),
    stages: d.stages.enabled ? [stage(d.stages.first), stage(d.stages.second)] : [],
  };
}

/** Settings that may still change after the first response (consent text, exclusion policy, ...). */
export function unlockedPayload(d: SettingsDraft) {
  return {
    ...qualityPayload(d.quality),
    completionCodes: Object.fromEntries(CODE_KEYS.flatMap((k) => (d.completionCodes[k].trim() ? [[k, d.completionCodes[k].trim()]] : []))),
    bonus: d.bonus.enabled
      ? { perValidUnit: decimal(d.bonus.perValidUnit), gold: d.bonus.gold ? { minAccuracy: share(d.bonus.goldPercent), amount: decimal(d.bonus.goldAmount) } : null }
      : null,
    consent: {
      informationSheet: d.consent.informationSheet,
      contact: d.consent.contact.trim(),
      version: d.consent.version.trim(),
      expectedMinutes: optionalInteger(d.consent.expectedMinutes),
      debrief: d.consent.debrief,
    },
    language: d.language,
    allowLanguageSwitch: d.allowLanguageSwitch,
    excludeParticipantsOf: d.excludeParticipantsOf,
    maxUnitsPerContext: optionalInteger(d.maxUnitsPerContext),
    linkedStudies: d.linkedStudies,
    // left out until chosen, so the spec fills in the design's default
    ...(d.assignmentOrder === null ? {} : { assignmentOrder: d.assignmentOrder }),
    showOthersAfterSubmit: d.showOthersAfterSubmit,
  };
}

export function settingsPayload(d: SettingsDraft) {
  return { ...askedPayload(d), ...unlockedPayload(d) };
}
