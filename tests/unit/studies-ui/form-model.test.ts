import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { validateForm, fieldName, friendlyReason, toFieldErrors } from "@/components/studies/form-errors";
import {
  applyPreset,
  formStateFromStudy,
  initialFormState,
  renameDraft,
  slugKey,
  toCreatePayload,
  toUpdatePayload,
  type StudyFormState,
} from "@/components/studies/form-model";
import { LABEL_PRESETS } from "@/components/studies/labels";
import { descriptorOf, type ValidationConfig } from "@/lib/designs/client";
import { studySpecSchema as createStudySchema } from "@/lib/studies/spec";

const validation = descriptorOf("validation")!;
const validationConfigSchema = validation.config as ZodType<ValidationConfig>;
const defaultValidationConfig = validation.defaultConfig;

const DATASET = "4b9f6a52-3c1e-4d2a-9f0e-2f6c1d9b8a77";
const filled = (change: Partial<StudyFormState> = {}): StudyFormState => ({ ...initialFormState(DATASET), name: "Pilot", ...change });

describe("the new-study form's defaults", () => {
  it("map to a payload the server accepts, with the issue's defaults (N 3, lease 30, default flags, needs review)", () => {
    const payload = createStudySchema.parse(toCreatePayload(filled()));
    expect(payload).toMatchObject({ n: 3, leaseMinutes: 30, maxUnitsPerParticipant: null, completionUrl: null, filter: {}, entryMode: "link" });
    expect(payload.config).toEqual(defaultValidationConfig());
    expect(validateForm(filled(), "create")).toEqual({});
  });
});

describe("toCreatePayload", () => {
  it("keeps typed numbers, an empty limit as null, and tag filters with their values", () => {
    const state = filled({
      n: "5",
      maxUnits: "40",
      leaseMinutes: "45",
      filter: [
        { id: "a", tag: "order", values: ["first", "second"] },
        { id: "b", tag: "", values: [] },
      ],
    });
    expect(toCreatePayload(state)).toMatchObject({ n: 5, maxUnitsPerParticipant: 40, leaseMinutes: 45, filter: { order: ["first", "second"] } });
  });

  it("never turns an unreadable number into a default: validation names the field", () => {
    const errors = validateForm(filled({ n: "", leaseMinutes: "2.5" }), "create");
    expect(errors.n).toMatch(/whole number from 1 to 50/);
    expect(errors.leaseMinutes).toMatch(/whole number of minutes/);
  });

  it("drops the completion URL for expert annotators", () => {
    expect(toCreatePayload(filled({ entryMode: "annotators", completionUrl: "https://x.test/done" })).completionUrl).toBeNull();
  });

  it("sends the LLM judge only when it is on", () => {
    expect(toCreatePayload(filled({ llmModel: "gpt-4o-mini" })).config.rule.llmJudge).toBeNull();
    expect(toCreatePayload(filled({ llmJudge: true, llmModel: "gpt-4o-mini" })).config.rule.llmJudge).toEqual({ model: "gpt-4o-mini" });
  });
});

describe("validateForm", () => {
  it("names nested fields as the server's invalid_params do", () => {
    const state = filled({ labelJudgement: true, labelPrompt: "", contextChecks: false });
    const errors = validateForm(state, "create");
    expect(errors["config.labelJudgement.prompt"]).toBeDefined();
    expect(errors["config.labelJudgement.labels.0.label"]).toBe("Enter a label.");
    expect(errors["config.labelJudgement.labels.0.key"]).toBeDefined();
    expect(errors.name).toBeUndefined();
  });

  it("asks for at least one check", () => {
    const errors = validateForm(filled({ contextChecks: false, answerKey: false, labelJudgement: false }), "create");
    expect(errors.config).toMatch(/at least one check/);
  });

  it("asks for a dataset and a name", () => {
    const errors = validateForm({ ...initialFormState(), name: " " }, "create");
    expect(errors.datasetId).toBe("Choose a dataset.");
    expect(errors.name).toBe("Name the study.");
  });

  it("reports a tag filter with no value chosen", () => {
    expect(validateForm(filled({ filter: [{ id: "a", tag: "order", values: [] }] }), "create")["filter.order"]).toMatch(/at least one value/);
  });
});

describe("keys follow labels until edited", () => {
  it("derives a valid key from a label", () => {
    expect(slugKey("Off-topic / irrelevant")).toBe("off_topic_irrelevant");
    expect(slugKey("2nd order?")).toBe("k_2nd_order");
    expect(slugKey("a".repeat(50))).toHaveLength(40);
    expect(slugKey("?!")).toBe("");
    expect(slugKey("Éclair")).toBe("eclair");
  });

  it("stops following once the key was edited, and loaded flags keep their keys", () => {
    const draft = { id: "x", key: "", label: "", description: "", keyEdited: false };
    expect(renameDraft(draft, "Off topic").key).toBe("off_topic");
    expect(renameDraft({ ...draft, key: "mine", keyEdited: true }, "Other").key).toBe("mine");
    const incoherent = initialFormState().flags[0]!;
    expect(renameDraft(incoherent, "Inconsistent")).toMatchObject({ key: "incoherent", label: "Inconsistent" });
  });
});

describe("label presets", () => {
  it("fill the label judgement with a valid config (ToMATO: 'yes' rejects; CharToM-QA: 'inappropriate' rejects)", () => {
    for (const preset of LABEL_PRESETS) {
      const state = applyPreset(filled(), preset);
      const config = validationConfigSchema.parse(toCreatePayload(state).config);
      expect(config.labelJudgement?.labels.map((l) => l.key)).toEqual(preset.labels.map((l) => l.key));
    }
    const tomato = applyPreset(filled(), LABEL_PRESETS[0]!);
    expect(tomato.labels.filter((l) => l.rejects).map((l) => l.key)).toEqual(["yes"]);
    const chartom = applyPreset(filled(), LABEL_PRESETS[1]!);
    expect(chartom.labels.map((l) => l.label)).toEqual(["Accurate", "Subjective but consistent", "Inappropriate"]);
    expect(chartom.labels.filter((l) => l.rejects).map((l) => l.key)).toEqual(["inappropriate"]);
  });
});

describe("editing a study", () => {
  const settings = {
    name: "Pilot",
    unitType: "question",
    filter: { order: ["first"] },
    n: 2,
    maxUnitsPerParticipant: 10,
    leaseMinutes: 20,
    instructions: "# Hi",
    entryMode: "prolific",
    completionUrl: "https://app.prolific.com/submissions/complete?cc=ABC",
    config: validationConfigSchema.parse({ answerKey: true, rule: { tiePolicy: "reject", llmJudge: { model: "m" } } }),
  };

  it("round-trips the stored settings", () => {
    const payload = toUpdatePayload(formStateFromStudy(settings), false);
    expect(payload).toMatchObject({ name: "Pilot", unitType: "question", filter: { order: ["first"] }, n: 2, maxUnitsPerParticipant: 10, leaseMinutes: 20 });
    expect(validationConfigSchema.parse("config" in payload ? payload.config : null)).toEqual(settings.config);
  });

  it("leaves out the locked settings once responses exist", () => {
    const payload = toUpdatePayload(formStateFromStudy(settings), true);
    expect(Object.keys(payload).sort()).toEqual(["completionUrl", "entryMode", "instructions", "leaseMinutes", "maxUnitsPerParticipant", "name"]);
  });
});

describe("server errors", () => {
  it("replace zod's generic wording and keep specific reasons", () => {
    expect(friendlyReason("n", "Too small: expected number to be >=1")).toMatch(/1 to 50/);
    expect(friendlyReason("completionUrl", "Use an http(s) URL.")).toBe("Use an http(s) URL.");
    expect(toFieldErrors([{ name: "config.contextChecks.flags.1.key", reason: "Use lower-case letters, digits and _ (start with a letter)." }])).toEqual({
      "config.contextChecks.flags.1.key": "Use lower-case letters, digits and _ (start with a letter).",
    });
  });

  it("name fields for the error summary", () => {
    expect(fieldName("config.labelJudgement.labels.0.key")).toBe("Label 1 key");
    expect(fieldName("config.contextChecks.flags.2.label")).toBe("Flag 3 label");
    expect(fieldName("n")).toBe("Annotators per unit");
    expect(fieldName("filter.order")).toBe("Tag filter “order”");
  });
});
