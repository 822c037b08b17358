import { DESCRIBED_KINDS, descriptorOf, type EntryMode, type UnitType } from "@/lib/designs/client";
import { formOf, hasForm } from "@/lib/designs/forms";
import type { StudySettings as SharedSettings } from "@/lib/designs/settings";
import { filterPayload, filterRows, type FilterRow } from "@/components/studies/filter-model";
import { groupsN } from "@/components/studies/groups-draft";
import { integer, optionalInteger } from "@/components/studies/numbers";
import { askedPayload, emptySettingsDraft, settingsDraftFrom, settingsPayload, unlockedPayload, type SettingsDraft } from "@/components/studies/settings-draft";

// The set-up form's state, kept as the researcher types it (numbers as strings, drafts with
// stable ids), and its mapping to the study spec the API parses. The design's own part is a
// draft only its design's form section reads (lib/designs/forms.ts). Pure, so it is unit-tested.

export type { FilterRow } from "@/components/studies/filter-model";

export interface StudyFormState {
  name: string;
  datasetId: string;
  design: string;
  /** null: the design's default for its current config */
  unitType: UnitType | null;
  filter: FilterRow[];
  /** null: the design's default N */
  n: string | null;
  maxUnits: string;
  leaseMinutes: string;
  instructions: string;
  entryMode: EntryMode;
  completionUrl: string;
  settings: SettingsDraft;
  /** each design's own draft by kind, so switching designs back and forth keeps what was typed */
  drafts: Record<string, unknown>;
}

export type Update = (fn: (s: StudyFormState) => StudyFormState) => void;

/** A study as stored, as the edit form, the summary and "show as spec" receive it (plain JSON). */
export interface StudySettings {
  name: string;
  design: string;
  datasetId: string;
  unitType: string;
  filter: Record<string, string[]>;
  n: number;
  maxUnitsPerParticipant: number | null;
  leaseMinutes: number;
  instructions: string;
  entryMode: string;
  completionUrl: string | null;
  completionCode: string;
  config: unknown;
  settings: SharedSettings;
}

export const DEFAULT_DESIGN = "validation";

/** Designs the browser can both describe and show a form for. */
export function offeredDesigns(): string[] {
  return DESCRIBED_KINDS.filter((k) => hasForm(k));
}

export function draftOf(s: StudyFormState): unknown {
  return s.drafts[s.design] ?? formOf(s.design)?.emptyDraft() ?? {};
}

export function setDraft(s: StudyFormState, change: (draft: unknown) => unknown): StudyFormState {
  return { ...s, drafts: { ...s.drafts, [s.design]: change(draftOf(s)) } };
}

export function configOf(s: StudyFormState): unknown {
  return formOf(s.design)?.toConfig(draftOf(s)) ?? {};
}

/** The unit the study will have: the researcher's choice, else the design's default for the config as it stands. */
export function effectiveUnit(s: StudyFormState): UnitType {
  const design = descriptorOf(s.design);
  if (!design) return s.unitType ?? "context";
  if (s.unitType && design.unitTypes.includes(s.unitType)) return s.unitType;
  const parsed = design.config.safeParse(configOf(s));
  return design.defaultUnitType(parsed.success ? parsed.data : design.defaultConfig());
}

/** The shared settings as the design can take them: groups and stages only where it has them
 *  (switched on under another design, they stay in the draft but are not sent). */
function supported(s: StudyFormState): SettingsDraft {
  const design = descriptorOf(s.design);
  return {
    ...s.settings,
    groups: design?.groups ? s.settings.groups : { ...s.settings.groups, enabled: false },
    stages: design?.stages ? s.settings.stages : { ...s.settings.stages, enabled: false },
  };
}

/** N as sent: the per-group sum with groups, else the typed N, else the design's default. */
export function effectiveN(s: StudyFormState): number {
  const groups = supported(s).groups;
  if (groups.enabled) return groupsN(groups) ?? Number.NaN;
  if (s.n !== null) return integer(s.n);
  return descriptorOf(s.design)?.defaultN ?? 1;
}

export function initialFormState(datasetId = "", design = DEFAULT_DESIGN): StudyFormState {
  const form = formOf(design);
  return {
    name: "",
    datasetId,
    design,
    unitType: null,
    filter: [],
    n: null,
    maxUnits: "",
    leaseMinutes: "30",
    instructions: "",
    entryMode: "link",
    completionUrl: "",
    settings: emptySettingsDraft(),
    drafts: form ? { [design]: form.emptyDraft() } : {},
  };
}

/** Another design: the unit and N follow its defaults unless chosen, and the entry mode must be one it allows. */
export function chooseDesign(s: StudyFormState, design: string): StudyFormState {
  const d = descriptorOf(design);
  const unitType = s.unitType && d?.unitTypes.includes(s.unitType) ? s.unitType : null;
  const entryMode = !d || d.entryModes.includes(s.entryMode) ? s.entryMode : d.entryModes[0]!;
  const next = { ...s, design, unitType, entryMode };
  return next.drafts[design] !== undefined ? next : { ...next, drafts: { ...next.drafts, [design]: formOf(design)?.emptyDraft() ?? {} } };
}

/** Another dataset: each design drops what belonged to the old one (an LLM judge's model, say). */
export function chooseDataset(s: StudyFormState, datasetId: string): StudyFormState {
  const drafts = Object.fromEntries(Object.entries(s.drafts).map(([kind, draft]) => [kind, formOf(kind)?.datasetChanged?.(draft) ?? draft]));
  return { ...s, datasetId, drafts };
}

const ENTRY_MODES_OF = (design: string): readonly EntryMode[] => descriptorOf(design)?.entryModes ?? ["link"];

export function formStateFromStudy(stored: StudySettings): StudyFormState {
  const base = initialFormState(stored.datasetId, stored.design);
  const form = formOf(stored.design);
  const modes = ENTRY_MODES_OF(stored.design);
  return {
    ...base,
    name: stored.name,
    unitType: (descriptorOf(stored.design)?.unitTypes as readonly string[] | undefined)?.includes(stored.unitType) ? (stored.unitType as UnitType) : null,
    filter: filterRows(stored.filter, "filter"),
    n: String(stored.n),
    maxUnits: stored.maxUnitsPerParticipant === null ? "" : String(stored.maxUnitsPerParticipant),
    leaseMinutes: String(stored.leaseMinutes),
    instructions: stored.instructions,
    entryMode: (modes as readonly string[]).includes(stored.entryMode) ? (stored.entryMode as EntryMode) : modes[0]!,
    completionUrl: stored.completionUrl ?? "",
    settings: settingsDraftFrom(stored.settings),
    drafts: form ? { [stored.design]: form.toDraft(stored.config) } : {},
  };
}

/** Settings shared by create and update. NaN numbers become null in JSON; validation catches them first. */
function commonPayload(s: StudyFormState) {
  return {
    name: s.name.trim(),
    maxUnitsPerParticipant: optionalInteger(s.maxUnits),
    leaseMinutes: integer(s.leaseMinutes),
    instructions: s.instructions,
    entryMode: s.entryMode,
    completionUrl: s.entryMode === "annotators" || s.completionUrl.trim() === "" ? null : s.completionUrl.trim(),
  };
}

function unitPayload(s: StudyFormState) {
  return { unitType: effectiveUnit(s), filter: filterPayload(s.filter), n: effectiveN(s), config: configOf(s) };
}

/** The study spec: the body of POST /api/studies and of the planning call (settings at the top level). */
export function toCreatePayload(s: StudyFormState) {
  return { ...commonPayload(s), datasetId: s.datasetId, design: s.design, ...unitPayload(s), ...settingsPayload(supported(s)) };
}

/** For PATCH: once responses exist, what participants are asked (unit, filter, N, config, asked settings) is left out. */
export function toUpdatePayload(s: StudyFormState, locked: boolean) {
  if (locked) return { ...commonPayload(s), settings: unlockedPayload(s.settings) };
  return { ...commonPayload(s), ...unitPayload(s), settings: settingsPayload(supported(s)) };
}

/** What the planning figures depend on, as a spec: edits elsewhere (name, instructions, consent) do not re-plan. */
export function planSpec(s: StudyFormState) {
  const { sampling, kinds, groups } = askedPayload(supported(s));
  return { name: "plan", datasetId: s.datasetId, design: s.design, entryMode: s.entryMode, maxUnitsPerParticipant: optionalInteger(s.maxUnits), ...unitPayload(s), sampling, kinds, groups };
}

/** The state with some shared settings changed. */
export function withSettings(s: StudyFormState, change: (d: SettingsDraft) => Partial<SettingsDraft>): StudyFormState {
  return { ...s, settings: { ...s.settings, ...change(s.settings) } };
}
