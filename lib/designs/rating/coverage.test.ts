import { describe, expect, it } from "vitest";
import { bonusCoverage, contentWords, coveredPoints } from "@/lib/designs/rating/coverage";

describe("the lexical bonus-point coverage proxy", () => {
  it("keeps content words, lower-cased, without accents, function words or plural endings", () => {
    expect(contentWords("Élsa's brothers are SAFE.")).toEqual(["elsa", "brother", "safe"]);
  });

  it("counts a point covered when at least the threshold share of its content words is in the answer", () => {
    const points = ["Elsa is relieved.", "Her brother is safe.", "The quarrel ended long ago."];
    const answer = "Elsa feels relieved because her brother is safe now.";
    expect(coveredPoints(answer, points, 0.6)).toEqual([true, true, false]);
    expect(bonusCoverage(answer, points, 0.6)).toBeCloseTo(2 / 3, 12);
    // "quarrel" alone is 1 of the third point's 4 content words (quarrel, end, long, ago)
    expect(bonusCoverage("They made up after the quarrel.", points, 0.6)).toBe(0);
    expect(bonusCoverage("They made up after the quarrel.", points, 0.25)).toBeCloseTo(1 / 3, 12);
  });

  it("segments Chinese into words too", () => {
    expect(contentWords("她很高兴").length).toBeGreaterThan(1);
    expect(bonusCoverage("她知道哥哥平安，所以很高兴", ["哥哥平安"], 0.6)).toBe(1);
  });

  it("has nothing to say about a question without bonus points", () => {
    expect(bonusCoverage("anything", [], 0.6)).toBeNull();
  });
});
