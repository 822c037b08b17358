import { describe, expect, it } from "vitest";
import { baselineConfigSchema, defaultBaselineConfig } from "@/lib/designs/baseline/config";
import { baselineConfigOf, baselineDraftFrom, emptyBaselineDraft, subsetChoices } from "@/lib/designs/baseline/form-model";

describe("the baseline section's draft", () => {
  it("is the design's default config when new", () => {
    expect(baselineConfigSchema.parse(baselineConfigOf(emptyBaselineDraft()))).toEqual(defaultBaselineConfig());
  });

  it("round-trips the chosen subsets", () => {
    const config = baselineConfigSchema.parse({ subsets: ["indirect", "book"] });
    expect(baselineConfigSchema.parse(baselineConfigOf(baselineDraftFrom(config)))).toEqual(config);
  });

  it("keeps a stored config's other fields, so saving the form never drops one", () => {
    const stored = { subsets: ["indirect"], scoring: "strict" };
    expect(baselineConfigOf(baselineDraftFrom(stored))).toEqual(stored);
  });

  it("reads anything that is not an object as the empty config", () => {
    for (const odd of [null, undefined, 3, "x", [1]]) expect(baselineConfigOf(baselineDraftFrom(odd))).toEqual({ subsets: [] });
  });

  it("offers the dataset's tags and keeps a chosen tag the dataset lacks, to unchoose it", () => {
    expect(subsetChoices({ stored: {}, subsets: ["indirect"] }, ["book", "dimension"])).toEqual(["book", "dimension", "indirect"]);
  });
});
