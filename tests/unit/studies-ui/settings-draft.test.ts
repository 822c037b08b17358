import { describe, expect, it } from "vitest";
import { emptyGroupsDraft, groupsN, groupsPayload, parseGroupList } from "@/components/studies/groups-draft";
import { emptyQualityDraft, itemPayload } from "@/components/studies/quality-draft";
import { emptySettingsDraft, settingsDraftFrom, settingsPayload } from "@/components/studies/settings-draft";
import { specOf } from "@/components/studies/spec-of";
import type { StudySettings } from "@/components/studies/form-model";
import { descriptorOf } from "@/lib/designs/client";
import { defaultSettings, settingsSchema } from "@/lib/designs/settings";
import { studySpecSchema } from "@/lib/studies/spec";

const STUDY = "0f8fad5b-d9cb-469f-a165-70867728950e";

// Every shared setting set to something other than its default.
const RICH = settingsSchema.parse({
  sampling: { kind: "stratified", by: ["mental_state", "order"], k: 4, seed: 11 },
  view: "c0",
  views: ["c0", "c2000"],
  kinds: ["single_choice", "yes_no"],
  optionOrder: "shuffle",
  groups: {
    names: ["read", "unread"],
    perUnit: { read: 1, unread: 1 },
    balanceTolerance: 2,
    membership: { from: "screener", tag: "book", param: "books" },
    screener: { prompt: "Which of these books have you read?", help: "Pick all that apply." },
    familiarity: { items: [{ tagValue: "Emma", prompt: "Who marries Emma?", options: ["Mr Knightley", "Mr Elton"], answer: 0 }], passThreshold: 0.5 },
  },
  stages: [{ view: "c0", label: "Short window" }, { view: "c2000" }],
  qualification: { filter: { kind: ["belief"] }, k: 6, passThreshold: 0.8, attempts: 1, sharedWith: [STUDY] },
  training: { filter: {}, k: 2 },
  attention: { every: 7, items: [{ prompt: "Choose “blue”.", options: ["red", "blue", "green"], answer: 1 }] },
  gold: { filter: { order: ["first"] }, every: 9 },
  exclusion: { maxFailedAttention: 2, minGoldAccuracy: 0.6, minGoldItems: 4, partialAnswers: "discard" },
  completionCodes: { completed: "DONE1", screenedOut: "OUT1", failedQualification: "QUAL1", failedAttention: "ATT1", noTasks: "NONE1" },
  bonus: { perValidUnit: 0.15, gold: { minAccuracy: 0.8, amount: 1.5 } },
  consent: { informationSheet: "# Info", contact: "lab@example.org", version: "3", expectedMinutes: 20, debrief: "Thanks!" },
  language: "zh",
  allowLanguageSwitch: true,
  excludeParticipantsOf: [STUDY],
  maxUnitsPerContext: 2,
  linkedStudies: [STUDY],
  assignmentOrder: "spread",
  showOthersAfterSubmit: true,
});

describe("the shared settings' draft", () => {
  it("is the default settings when empty", () => {
    expect(settingsSchema.parse(settingsPayload(emptySettingsDraft()))).toEqual(defaultSettings());
  });

  it("round-trips every shared setting (groups, stages, quality control, codes, consent, exposure)", () => {
    expect(settingsSchema.parse(settingsPayload(settingsDraftFrom(RICH)))).toEqual(RICH);
  });

  it("round-trips each group membership kind", () => {
    const memberships = [{ from: "url", param: "group" }, { from: "url", tag: "book", param: "read" }, { from: "list" }] as const;
    for (const membership of memberships) {
      const groups = { ...RICH.groups!, membership, screener: undefined, familiarity: undefined, list: membership.from === "list" ? { P1: "read", P2: "unread" } : undefined };
      const settings = settingsSchema.parse({ ...RICH, groups });
      expect(settingsSchema.parse(settingsPayload(settingsDraftFrom(settings))).groups).toEqual(settings.groups);
    }
  });

  it("round-trips a whole-study screener: its question and each choice's group (saving the form once turned it into a URL parameter, and every participant was screened out)", () => {
    const groups = {
      ...RICH.groups!,
      membership: { from: "screener" },
      screener: { prompt: "Have you read the novel?", help: "Be honest.", options: [{ label: "Yes", group: "read" }, { label: "No", group: "unread" }, { label: "Prefer not to say", group: null }] },
      familiarity: undefined,
    };
    const settings = settingsSchema.parse({ ...RICH, groups });
    expect(settingsDraftFrom(settings).groups.membership).toBe("choice");
    expect(settingsSchema.parse(settingsPayload(settingsDraftFrom(settings))).groups).toEqual(settings.groups);
  });
});

describe("groups", () => {
  it("read an uploaded list of `id, group` (or tab-separated) lines, skipping blank ones", () => {
    expect(parseGroupList("P1, read\n\nP2\tunread\n P3 ,read \n")).toEqual({ P1: "read", P2: "unread", P3: "read" });
    expect(parseGroupList("lonely")).toEqual({ lonely: "" });
  });

  it("make N the sum of the per-group answers, and are absent when off", () => {
    const on = { ...emptyGroupsDraft(), enabled: true, groups: [{ id: "a", name: "read", perUnit: "1" }, { id: "b", name: "unread", perUnit: "2" }] };
    expect(groupsN(on)).toBe(3);
    expect(groupsN({ ...on, groups: [{ id: "a", name: "read", perUnit: "x" }] })).toBeNull();
    expect(groupsPayload(emptyGroupsDraft())).toBeNull();
    expect(groupsPayload(on)).toMatchObject({ names: ["read", "unread"], perUnit: { read: 1, unread: 2 }, membership: { from: "url", param: "group" } });
  });
});

describe("written items", () => {
  it("take one option per line, and an answer outside the options is sent as unreadable", () => {
    expect(itemPayload({ id: "i", prompt: " Pick B ", options: "A\n\n B \n", answer: "1", tagValue: "" })).toEqual({ prompt: "Pick B", options: ["A", "B"], answer: 1 });
    expect(itemPayload({ id: "i", prompt: "Pick", options: "A\nB", answer: "2", tagValue: "" }).answer).toBeNaN();
    expect(itemPayload({ id: "i", prompt: "Pick", options: "A\nB", answer: "", tagValue: "" }).answer).toBeNaN();
    expect(emptyQualityDraft().attention.items).toHaveLength(1);
  });
});

describe("show as spec", () => {
  const stored: StudySettings = {
    name: "Baseline pilot",
    design: "validation",
    datasetId: "4b9f6a52-3c1e-4d2a-9f0e-2f6c1d9b8a77",
    unitType: "question",
    filter: { mental_state: ["belief"] },
    n: 3,
    maxUnitsPerParticipant: 5,
    leaseMinutes: 25,
    instructions: "Answer as you would.",
    entryMode: "link",
    completionUrl: null,
    completionCode: "XYZ",
    config: descriptorOf("validation")!.defaultConfig(),
    settings: { ...RICH, groups: null, stages: [] },
  };

  it("gives a spec that parses back to the same study", () => {
    const spec = studySpecSchema.parse(specOf(stored));
    expect(spec).toEqual({
      name: stored.name,
      datasetId: stored.datasetId,
      design: stored.design,
      unitType: stored.unitType,
      filter: stored.filter,
      n: stored.n,
      maxUnitsPerParticipant: stored.maxUnitsPerParticipant,
      leaseMinutes: stored.leaseMinutes,
      instructions: stored.instructions,
      entryMode: stored.entryMode,
      completionUrl: stored.completionUrl,
      config: stored.config,
      settings: stored.settings,
    });
  });

  it("survives JSON (what is copied is text)", () => {
    expect(studySpecSchema.parse(JSON.parse(JSON.stringify(specOf(stored))))).toEqual(studySpecSchema.parse(specOf(stored)));
  });
});
