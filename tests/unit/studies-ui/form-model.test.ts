import { describe, expect, it } from "vitest";
import { validateForm, fieldName, friendlyReason, toFieldErrors } from "@/components/studies/form-errors";
import {
  chooseDataset,
  chooseDesign,
  effectiveN,
  offeredDesigns,
  draftOf,
  effectiveUnit,
  formStateFromStudy,
  initialFormState,
  planSpec,
  setDraft,
  toCreatePayload,
  toUpdatePayload,
  withSettings,
  type StudyFormState,
  type StudySettings,
} from "@/components/studies/form-model";
import { descriptorOf } from "@/lib/designs/client";
import { formOf } from "@/lib/designs/forms";
import { defaultSettings, settingsSchema } from "@/lib/designs/settings";
import { studySpecSchema } from "@/lib/studies/spec";

// The common form's state and its mapping to the study spec, with the validation design's section
// reached only through the registries (lib/designs/client.ts, lib/designs/forms.ts).

const validation = descriptorOf("validation")!;
const validationForm = formOf("validation")!;
const DATASET = "4b9f6a52-3c1e-4d2a-9f0e-2f6c1d9b8a77";
const filled = (change: Partial<StudyFormState> = {}): StudyFormState => ({ ...initialFormState(DATASET), name: "Pilot", ...change });
/** The validation draft changed through its own form's mapping (the common form does not know its fields). */
const withValidation = (s: StudyFormState, config: Record<string, unknown>) => setDraft(s, () => validationForm.toDraft(validation.config.parse(config)));

describe("the new-study form's defaults", () => {
  it("map to a spec the server accepts, with the design's defaults (validation: N 3, context units, default flags) and default shared settings", () => {
    const spec = studySpecSchema.parse(toCreatePayload(filled()));
    expect(spec).toMatchObject({ design: "validation", unitType: "context", n: 3, leaseMinutes: 30, maxUnitsPerParticipant: null, completionUrl: null, filter: {}, entryMode: "link" });
    expect(spec.config).toEqual(validation.defaultConfig());
    expect(spec.settings).toEqual(defaultSettings());
    expect(validateForm(filled(), "create")).toEqual({});
  });

  it("let the unit follow the design's default for its config until the researcher picks one", () => {
    const answerKeyOnly = withValidation(filled(), { answerKey: true });
    expect(effectiveUnit(answerKeyOnly)).toBe("question");
    expect(toCreatePayload(answerKeyOnly).unitType).toBe("question");
    expect(effectiveUnit({ ...answerKeyOnly, unitType: "context" })).toBe("context");
  });

  it("send N as typed once typed, and never turn an unreadable number into a default", () => {
    expect(toCreatePayload(filled({ n: "5" })).n).toBe(5);
    const errors = validateForm(filled({ n: "", leaseMinutes: "2.5" }), "create");
    expect(errors.n).toMatch(/whole number from 1 to 50/);
    expect(errors.leaseMinutes).toMatch(/whole number of minutes/);
  });
});

describe("toCreatePayload", () => {
  it("keeps typed numbers, an empty limit as null, and tag filters with their values", () => {
    const state = filled({
      maxUnits: "40",
      leaseMinutes: "45",
      filter: [
        { id: "a", tag: "order", values: ["first", "second"] },
        { id: "b", tag: "", values: [] },
      ],
    });
    expect(toCreatePayload(state)).toMatchObject({ maxUnitsPerParticipant: 40, leaseMinutes: 45, filter: { order: ["first", "second"] } });
  });

  it("drops the completion URL for expert annotators", () => {
    expect(toCreatePayload(filled({ entryMode: "annotators", completionUrl: "https://x.test/done" })).completionUrl).toBeNull();
  });

  it("puts the shared settings at the spec's top level, as the CLI's spec has them", () => {
    const state = withSettings(filled(), () => ({ sampling: { kind: "stratified", by: ["mental_state", "order"], k: "2", seed: "7" }, view: "full", optionOrder: "shuffle" }));
    const spec = studySpecSchema.parse(toCreatePayload(state));
    expect(spec.settings).toMatchObject({ sampling: { kind: "stratified", by: ["mental_state", "order"], k: 2, seed: 7 }, view: "full", optionOrder: "shuffle" });
  });
});

describe("validateForm", () => {
  it("names the design's nested fields as the server's invalid_params do", () => {
    const state = withValidation(filled(), { contextChecks: null, answerKey: true });
    const blankLabels = setDraft(state, (d) => ({ ...(d as object), labelJudgement: true, labelPrompt: "" }));
    const errors = validateForm(blankLabels, "create");
    expect(errors["config.labelJudgement.prompt"]).toBe("Enter the question annotators answer.");
    expect(errors["config.labelJudgement.labels.0.label"]).toBe("Enter a label.");
    expect(errors.name).toBeUndefined();
  });

  it("asks for a dataset and a name", () => {
    const errors = validateForm({ ...initialFormState(), name: " " }, "create");
    expect(errors.datasetId).toBe("Choose a dataset.");
    expect(errors.name).toBe("Name the study.");
  });

  it("reports a tag filter with no value chosen", () => {
    expect(validateForm(filled({ filter: [{ id: "a", tag: "order", values: [] }] }), "create")["filter.order"]).toMatch(/at least one value/);
  });

  it("asks for at least one question kind (an empty list would mean every kind to the server)", () => {
    expect(validateForm(withSettings(filled(), () => ({ kinds: [] })), "create").kinds).toMatch(/at least one kind/);
    expect(toCreatePayload(withSettings(filled(), () => ({ kinds: null }))).kinds).toEqual([]);
  });

  it("asks for strata tags and a readable k and seed when sampling", () => {
    const errors = validateForm(withSettings(filled(), () => ({ sampling: { kind: "stratified", by: [], k: "x", seed: "-1" } })), "create");
    expect(errors["sampling.by"]).toMatch(/1 and 5 tags/);
    expect(errors["sampling.k"]).toMatch(/whole number/);
    expect(errors["sampling.seed"]).toMatch(/0 to 2147483647/);
  });

  it("reads percentages as shares and refuses one over 100", () => {
    const state = withSettings(filled(), (d) => ({ quality: { ...d.quality, qualification: { ...d.quality.qualification, enabled: true, passPercent: "150" } } }));
    expect(validateForm(state, "create")["qualification.passThreshold"]).toBe("Enter a percentage from 0 to 100.");
    const fine = withSettings(filled(), (d) => ({ quality: { ...d.quality, qualification: { ...d.quality.qualification, enabled: true, passPercent: "75" } } }));
    expect(toCreatePayload(fine).qualification).toMatchObject({ passThreshold: 0.75, k: 5, attempts: 2 });
  });
});

describe("choosing a design", () => {
  it("offers the designs both registries know", () => {
    expect(offeredDesigns()).toEqual(["validation", "baseline", "checklist", "rating"]);
  });

  it("follows the new design's defaults for the unit and N (baseline: one answer per question), and its config is the baseline's", () => {
    const baseline = chooseDesign(filled(), "baseline");
    expect(effectiveUnit(baseline)).toBe("question");
    expect(effectiveN(baseline)).toBe(1);
    const spec = studySpecSchema.parse(toCreatePayload(baseline));
    expect(spec).toMatchObject({ design: "baseline", unitType: "question", n: 1, config: {} });
  });

  it("keeps a unit and an N the researcher chose, and each design's draft when switching back", () => {
    const typed = setDraft(filled({ unitType: "context", n: "4" }), (d) => ({ ...(d as object), answerKey: true }));
    const back = chooseDesign(chooseDesign(typed, "baseline"), "validation");
    expect(toCreatePayload(chooseDesign(typed, "baseline"))).toMatchObject({ unitType: "context", n: 4 });
    expect(draftOf(back)).toEqual(draftOf(typed));
  });

  it("moves to an entry mode the design allows (expert designs: accounts only)", () => {
    const checklist = chooseDesign(filled({ entryMode: "prolific" }), "checklist");
    expect(checklist.entryMode).toBe("annotators");
    expect(studySpecSchema.parse(toCreatePayload(checklist))).toMatchObject({ design: "checklist", unitType: "context", n: 2, entryMode: "annotators" });
  });

  it("leaves the assignment order to the design's default until chosen (rating: random), and sends a chosen one", () => {
    const rating = setDraft(chooseDesign(filled(), "rating"), (d) => ({ ...(d as object), models: ["gpt-4o"] }));
    expect(toCreatePayload(rating)).not.toHaveProperty("assignmentOrder");
    expect(studySpecSchema.parse(toCreatePayload(rating)).settings.assignmentOrder).toBe("random");
    expect(studySpecSchema.parse(toCreatePayload(withSettings(rating, () => ({ assignmentOrder: "fill" })))).settings.assignmentOrder).toBe("fill");
    expect(studySpecSchema.parse(toCreatePayload(filled())).settings.assignmentOrder).toBe("fill");
  });

  it("accepts a stratified ToMATO baseline spec (mental_state × order, k, seed)", () => {
    const state = withSettings(chooseDesign(filled(), "baseline"), () => ({ sampling: { kind: "stratified", by: ["mental_state", "order"], k: "2", seed: "7" } }));
    expect(validateForm(state, "create")).toEqual({});
    expect(studySpecSchema.parse(toCreatePayload(state)).settings.sampling).toEqual({ kind: "stratified", by: ["mental_state", "order"], k: 2, seed: 7 });
  });

  it("with groups, sends N as the sum of the per-group answers (the spec refuses anything else)", () => {
    const grouped = withSettings(chooseDesign(filled({ n: "5" }), "baseline"), (d) => ({
      groups: { ...d.groups, enabled: true, groups: [{ id: "a", name: "read", perUnit: "1" }, { id: "b", name: "unread", perUnit: "1" }] },
    }));
    expect(toCreatePayload(grouped).n).toBe(2);
    expect(validateForm(grouped, "create")).toEqual({});
  });

  it("does not send groups or stages to a design without them (they stay in the draft for the way back)", () => {
    const staged = withSettings(chooseDesign(filled({ n: "5" }), "baseline"), (d) => ({
      groups: { ...d.groups, enabled: true, groups: [{ id: "a", name: "read", perUnit: "1" }, { id: "b", name: "unread", perUnit: "1" }] },
      stages: { enabled: true, first: { view: "c0", label: "" }, second: { view: "c2000", label: "" } },
    }));
    const toValidation = chooseDesign(staged, "validation");
    expect(toCreatePayload(toValidation)).toMatchObject({ groups: null, stages: [], n: 5 });
    expect(validateForm(toValidation, "create")).toEqual({});
    expect(toCreatePayload(chooseDesign(toValidation, "baseline"))).toMatchObject({ n: 2, stages: [{ view: "c0" }, { view: "c2000" }] });
  });
});

describe("switching dataset", () => {
  it("lets each design drop what belonged to the old dataset (the validation judge's model)", () => {
    const judged = setDraft(filled(), (d) => ({ ...(d as object), llmJudge: true, llmModel: "m" }));
    const moved = chooseDataset(judged, "another");
    expect(moved.datasetId).toBe("another");
    expect((toCreatePayload(moved).config as { rule: { llmJudge: unknown } }).rule.llmJudge).toBeNull();
    expect(draftOf(moved)).not.toBe(draftOf(judged));
  });
});

const STORED: StudySettings = {
  name: "Pilot",
  design: "validation",
  datasetId: DATASET,
  unitType: "question",
  filter: { order: ["first"] },
  n: 2,
  maxUnitsPerParticipant: 10,
  leaseMinutes: 20,
  instructions: "# Hi",
  entryMode: "prolific",
  completionUrl: "https://app.prolific.com/submissions/complete?cc=ABC",
  completionCode: "ABC123",
  config: validation.config.parse({ answerKey: true, rule: { tiePolicy: "reject", llmJudge: { model: "m" } } }),
  settings: settingsSchema.parse({
    sampling: { kind: "random", k: 12, seed: 3 },
    kinds: ["single_choice"],
    consent: { informationSheet: "## About", contact: "lab@example.org", version: "2", expectedMinutes: 15 },
    language: "zh",
    allowLanguageSwitch: true,
    maxUnitsPerContext: 1,
    assignmentOrder: "spread",
    attention: { every: 5, items: [{ prompt: "Pick B", options: ["A", "B"], answer: 1 }] },
    exclusion: { maxFailedAttention: 1, minGoldAccuracy: null },
    completionCodes: { screenedOut: "OUT1" },
  }),
};

describe("editing a study", () => {
  it("round-trips the stored study through the form", () => {
    const spec = studySpecSchema.parse(toCreatePayload(formStateFromStudy(STORED)));
    expect(spec).toMatchObject({ name: "Pilot", unitType: "question", filter: { order: ["first"] }, n: 2, maxUnitsPerParticipant: 10, leaseMinutes: 20, entryMode: "prolific" });
    expect(spec.config).toEqual(STORED.config);
    expect(spec.settings).toEqual(STORED.settings);
  });

  it("sends the shared settings under `settings` for PATCH", () => {
    const payload = toUpdatePayload(formStateFromStudy(STORED), false);
    expect(payload).toMatchObject({ unitType: "question", n: 2, settings: { sampling: { kind: "random", k: 12, seed: 3 }, language: "zh" } });
    expect(validateForm(formStateFromStudy(STORED), "edit")).toEqual({});
  });

  it("leaves out what participants are asked once responses exist, and keeps what may still change", () => {
    const payload = toUpdatePayload(formStateFromStudy(STORED), true);
    expect(Object.keys(payload).sort()).toEqual(["completionUrl", "entryMode", "instructions", "leaseMinutes", "maxUnitsPerParticipant", "name", "settings"]);
    const settings = Object.keys((payload as { settings: object }).settings);
    for (const asked of ["sampling", "view", "views", "kinds", "optionOrder", "groups", "stages"]) expect(settings).not.toContain(asked);
    expect(settings).toEqual(expect.arrayContaining(["consent", "language", "attention", "exclusion", "completionCodes", "excludeParticipantsOf", "assignmentOrder", "bonus"]));
  });

  it("does not report locked fields when locked (they are not sent)", () => {
    const broken = withSettings(formStateFromStudy(STORED), () => ({ kinds: [] }));
    expect(validateForm(broken, "edit", true)).toEqual({});
    expect(validateForm(broken, "edit", false).kinds).toBeDefined();
  });
});

describe("planSpec", () => {
  it("changes with what the figures depend on, not with the name, instructions or consent", () => {
    const base = JSON.stringify(planSpec(filled()));
    expect(JSON.stringify(planSpec(filled({ name: "Other", instructions: "Read carefully" })))).toBe(base);
    expect(JSON.stringify(planSpec(withSettings(filled(), (d) => ({ consent: { ...d.consent, contact: "x@y.z" } }))))).toBe(base);
    expect(JSON.stringify(planSpec(filled({ maxUnits: "4" })))).not.toBe(base);
    expect(JSON.stringify(planSpec(withSettings(filled(), (d) => ({ sampling: { ...d.sampling, kind: "random", k: "3" } }))))).not.toBe(base);
  });

  it("is a spec the server's schema accepts, even before the study is named", () => {
    expect(studySpecSchema.safeParse(planSpec({ ...filled(), name: "" })).success).toBe(true);
  });
});

describe("error wording", () => {
  it("replaces zod's generic wording and keeps specific reasons", () => {
    expect(friendlyReason("n", "Too small: expected number to be >=1")).toMatch(/1 to 50/);
    expect(friendlyReason("completionUrl", "Use an http(s) URL.")).toBe("Use an http(s) URL.");
    expect(friendlyReason("groups.perUnit.readers", "Too big: expected number to be <=50")).toMatch(/0 to 50/);
    expect(friendlyReason("attention.items.0.answer", "Invalid input: expected number, received null")).toBe("Choose the right option.");
    expect(toFieldErrors([{ name: "unit", reason: "Invalid option" }])).toEqual({ unitType: "Invalid option" });
  });

  it("names fields for the error summary, the design's own through its form", () => {
    expect(fieldName("config.labelJudgement.labels.0.key", "validation")).toBe("Label 1 key");
    expect(fieldName("n", "validation")).toBe("Annotators per unit");
    expect(fieldName("filter.order")).toBe("Tag filter “order”");
    expect(fieldName("qualification.filter.book")).toBe("Qualification filter “book”");
    expect(fieldName("attention.items.1.options")).toBe("Attention check 2 options");
    expect(fieldName("groups.perUnit.readers")).toBe("Answers from “readers”");
    expect(fieldName("completionCodes.screenedOut")).toBe("Completion code (screened out)");
    expect(fieldName("sampling.k")).toBe("Sampling: how many");
    expect(fieldName("bonus.gold.minAccuracy")).toBe("Gold bonus accuracy");
    expect(friendlyReason("bonus.perValidUnit", "Invalid input: expected number, received null")).toBe("Enter an amount from 0 to 1000.");
  });
});
