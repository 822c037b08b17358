import { describe, expect, it } from "vitest";
import { baselineConfigOf, baselineDraftFrom, emptyBaselineDraft } from "@/lib/designs/baseline/form-model";

describe("the baseline section's draft", () => {
  it("is an empty config when new", () => {
    expect(baselineConfigOf(emptyBaselineDraft())).toEqual({});
  });

  it("keeps a stored config's fields, so saving the form never drops one", () => {
    const stored = { scoring: "strict", extra: [1, 2] };
    const config = baselineConfigOf(baselineDraftFrom(stored));
    expect(config).toEqual(stored);
    expect(config).not.toBe(stored);
  });

  it("reads anything that is not an object as an empty config", () => {
    for (const odd of [null, undefined, 3, "x", [1]]) expect(baselineConfigOf(baselineDraftFrom(odd))).toEqual({});
  });
});
