import { describe, expect, it } from "vitest";
import { CHARTOM_PENALTIES, ratingConfigSchema } from "@/lib/designs/rating/config";
import { emptyRatingDraft, modelChoices, ratingConfigOf, ratingDraftFrom, ratingFieldName, ratingReason, withChartomPenalties } from "@/lib/designs/rating/form-model";

describe("the rating section's draft", () => {
  it("starts with no model chosen (the default's placeholder is no dataset's model), so the schema asks for one", () => {
    const parsed = ratingConfigSchema.safeParse(ratingConfigOf(emptyRatingDraft()));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["models"]);
    expect(ratingConfigSchema.parse(ratingConfigOf({ ...emptyRatingDraft(), models: ["gpt-4o"] }))).toEqual(ratingConfigSchema.parse({ models: ["gpt-4o"] }));
  });

  it("round-trips a stored config", () => {
    const config = ratingConfigSchema.parse({ models: ["a", "b"], scale: { min: 1, max: 5, step: 1 }, penalties: ["Wrong fact"], comment: false, coverageThreshold: 0.45 });
    expect(ratingConfigSchema.parse(ratingConfigOf(ratingDraftFrom(config)))).toEqual(config);
  });

  it("reads typed numbers (negative, decimal) and sends anything else as unreadable", () => {
    expect(ratingConfigOf({ ...emptyRatingDraft(), min: "-1", max: "1", step: "0.5" }).scale).toEqual({ min: -1, max: 1, step: 0.5 });
    expect(ratingConfigOf({ ...emptyRatingDraft(), step: "x" }).scale.step).toBeNaN();
    const uneven = ratingConfigSchema.safeParse(ratingConfigOf({ ...emptyRatingDraft(), models: ["m"], step: "0.3" }));
    expect(uneven.error?.issues[0]?.path.join(".")).toBe("scale.step");
  });

  it("adds CharToM-QA's penalties once, after those already written", () => {
    const once = withChartomPenalties({ ...emptyRatingDraft(), penalties: "Too short\n" });
    expect(once.penalties.split("\n")).toEqual(["Too short", ...CHARTOM_PENALTIES]);
    expect(withChartomPenalties(once).penalties).toBe(once.penalties);
  });

  it("offers the dataset's models and keeps a chosen one the dataset lacks", () => {
    expect(modelChoices({ ...emptyRatingDraft(), models: ["old"] }, ["a", "b"])).toEqual(["a", "b", "old"]);
  });

  it("words its fields for the error summary", () => {
    expect(ratingFieldName("config.scale.step")).toBe("Scale step");
    expect(ratingFieldName("config.penalties.2")).toBe("Penalty 3");
    expect(ratingReason("config.models")).toBe("Choose at least one model.");
    expect(ratingReason("config.coverageThreshold")).toMatch(/10 to 100/);
  });
});
