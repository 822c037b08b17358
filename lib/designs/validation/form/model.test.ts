import { describe, expect, it } from "vitest";
import { defaultValidationConfig, validationConfigSchema } from "@/lib/designs/validation/config";
import { validationFieldName, validationReason } from "@/lib/designs/validation/form/errors";
import { LABEL_PRESETS } from "@/lib/designs/validation/form/labels";
import { applyPreset, emptyValidationDraft, renameDraft, slugKey, validationConfigOf, validationDraftFrom, withoutJudge } from "@/lib/designs/validation/form/model";

describe("the validation section's empty draft", () => {
  it("is the design's default config (the default flags, a comment box, needs review)", () => {
    expect(validationConfigSchema.parse(validationConfigOf(emptyValidationDraft()))).toEqual(defaultValidationConfig());
  });
});

describe("validationConfigOf", () => {
  it("sends the LLM judge only when it is on", () => {
    expect(validationConfigOf({ ...emptyValidationDraft(), llmModel: "gpt-4o-mini" }).rule.llmJudge).toBeNull();
    expect(validationConfigOf({ ...emptyValidationDraft(), llmJudge: true, llmModel: "gpt-4o-mini" }).rule.llmJudge).toEqual({ model: "gpt-4o-mini" });
  });

  it("sends switched-off checks as null, so the schema asks for at least one check", () => {
    const none = validationConfigOf({ ...emptyValidationDraft(), contextChecks: false });
    expect(none.contextChecks).toBeNull();
    const parsed = validationConfigSchema.safeParse(none);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/at least one check/);
  });

  it("names a blank label's fields at their config path", () => {
    const parsed = validationConfigSchema.safeParse(validationConfigOf({ ...emptyValidationDraft(), labelJudgement: true, labelPrompt: "" }));
    const paths = parsed.error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["labelJudgement.prompt", "labelJudgement.labels.0.label", "labelJudgement.labels.0.key"]));
  });

  it("drops the judge when the dataset changes (another dataset may not have that model)", () => {
    expect(withoutJudge({ ...emptyValidationDraft(), llmJudge: true, llmModel: "m" })).toMatchObject({ llmJudge: false, llmModel: "" });
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
    const incoherent = emptyValidationDraft().flags[0]!;
    expect(renameDraft(incoherent, "Inconsistent")).toMatchObject({ key: "incoherent", label: "Inconsistent" });
  });
});

describe("label presets", () => {
  it("fill the label judgement with a valid config (ToMATO: 'yes' rejects; CharToM-QA: 'inappropriate' rejects)", () => {
    for (const preset of LABEL_PRESETS) {
      const config = validationConfigSchema.parse(validationConfigOf(applyPreset(emptyValidationDraft(), preset)));
      expect(config.labelJudgement?.labels.map((l) => l.key)).toEqual(preset.labels.map((l) => l.key));
    }
    const tomato = applyPreset(emptyValidationDraft(), LABEL_PRESETS[0]!);
    expect(tomato.labels.filter((l) => l.rejects).map((l) => l.key)).toEqual(["yes"]);
    const chartom = applyPreset(emptyValidationDraft(), LABEL_PRESETS[1]!);
    expect(chartom.labels.map((l) => l.label)).toEqual(["Accurate", "Subjective but consistent", "Inappropriate"]);
    expect(chartom.labels.filter((l) => l.rejects).map((l) => l.key)).toEqual(["inappropriate"]);
  });

  it("give new labels ids no other label has", () => {
    const once = applyPreset(emptyValidationDraft(), LABEL_PRESETS[0]!);
    const twice = applyPreset(once, LABEL_PRESETS[1]!);
    expect(new Set(twice.labels.map((l) => l.id)).size).toBe(3);
    expect(twice.labels.some((l) => once.labels.some((o) => o.id === l.id))).toBe(false);
  });
});

describe("a stored config", () => {
  it("round-trips through the draft", () => {
    const config = validationConfigSchema.parse({
      contextChecks: { flags: [{ key: "off_topic", label: "Off topic", description: "Not about the task" }], comment: false },
      answerKey: true,
      labelJudgement: { prompt: "Fair?", labels: [{ key: "fair", label: "Fair" }, { key: "unfair", label: "Unfair", rejects: true }] },
      rule: { tiePolicy: "reject", llmJudge: { model: "m" } },
    });
    expect(validationConfigSchema.parse(validationConfigOf(validationDraftFrom(config)))).toEqual(config);
  });

  it("that this design cannot read gives the empty draft rather than a half-filled one", () => {
    expect(validationDraftFrom({ contextChecks: "yes" })).toEqual(emptyValidationDraft());
  });
});

describe("error wording", () => {
  it("names the section's fields for the error summary", () => {
    expect(validationFieldName("config.labelJudgement.labels.0.key")).toBe("Label 1 key");
    expect(validationFieldName("config.contextChecks.flags.2.label")).toBe("Flag 3 label");
    expect(validationFieldName("config")).toBe("Checks");
    expect(validationFieldName("sampling.k")).toBeNull();
  });

  it("says what to do where zod's wording is generic", () => {
    expect(validationReason("config.labelJudgement.labels.1.label")).toBe("Enter a label.");
    expect(validationReason("config.rule.llmJudge.model")).toMatch(/model/);
    expect(validationReason("config.somethingElse")).toBeNull();
  });
});
