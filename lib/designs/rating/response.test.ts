import { describe, expect, it } from "vitest";
import { onScale, ratingConfigSchema, scalePoints } from "@/lib/designs/rating/config";
import { ratingResponseSchema } from "@/lib/designs/rating/response";

describe("a rating study's scale", () => {
  it("accepts 0–1 in steps the researcher sets, and 1–5", () => {
    expect(scalePoints(ratingConfigSchema.parse({ models: ["m"], scale: { min: 0, max: 1, step: 0.1 } }).scale)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(scalePoints(ratingConfigSchema.parse({ models: ["m"], scale: { min: 1, max: 5, step: 1 } }).scale)).toEqual([1, 2, 3, 4, 5]);
    expect(ratingConfigSchema.parse({ models: ["m"] }).scale).toEqual({ min: 0, max: 1, step: 0.25 });
  });

  it("refuses a step that does not divide the scale, an empty scale, no models and repeated models", () => {
    for (const bad of [
      { models: ["m"], scale: { min: 0, max: 1, step: 0.3 } },
      { models: ["m"], scale: { min: 1, max: 1, step: 1 } },
      { models: [] },
      { models: ["m", "m"] },
    ]) {
      expect(ratingConfigSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("places a score on the scale, or says it is off it", () => {
    const scale = { min: 0, max: 1, step: 0.1 };
    expect(onScale(scale, 0.1 + 0.2)).toBe(0.3);
    expect(onScale(scale, 0.35)).toBeNull();
    expect(onScale(scale, 1.1)).toBeNull();
    expect(onScale(scale, -0.1)).toBeNull();
  });
});

describe("a rating response", () => {
  const schema = ratingResponseSchema({ scale: { min: 0, max: 1, step: 0.25 }, penalties: ["Factual error", "Logical error"], comment: false });

  it("stores the score as its scale point, with the penalties marked", () => {
    expect(schema.parse({ score: 0.75, penalties: ["Logical error"] })).toEqual({ score: 0.75, penalties: ["Logical error"] });
    expect(schema.parse({ score: 0 })).toEqual({ score: 0 });
  });

  it("refuses a score off the scale, a penalty not listed or marked twice, a comment the study does not ask for, and other fields", () => {
    for (const bad of [{}, { score: 0.3 }, { score: "1" }, { score: 1, penalties: ["Rude"] }, { score: 1, penalties: ["Logical error", "Logical error"] }, { score: 1, comment: "hm" }, { score: 1, model: "x" }]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("takes no penalties when the study lists none", () => {
    const plain = ratingResponseSchema({ scale: { min: 1, max: 5, step: 1 }, penalties: [], comment: true });
    expect(plain.safeParse({ score: 3, penalties: [], comment: "fine" }).success).toBe(true);
    expect(plain.safeParse({ score: 3, penalties: ["x"] }).success).toBe(false);
  });
});
