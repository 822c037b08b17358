import { describe, expect, it } from "vitest";
import { bootstrapMean, seededRandom } from "@/lib/metrics";

describe("bootstrap CI of a per-unit mean", () => {
  const random = seededRandom(5);
  const values: number[] = Array.from({ length: 200 }, () => (random() < 0.7 ? 1 : 0));

  it("gives the same interval twice for the same seed, and a different one for another seed", () => {
    const a = bootstrapMean(values, { seed: 123 });
    expect(bootstrapMean(values, { seed: 123 })).toEqual(a);
    expect(bootstrapMean(values, { seed: 124 })).not.toEqual(a);
  });

  it("contains the mean, close to the normal-approximation interval", () => {
    const r = bootstrapMean(values, { seed: 1, resamples: 4000 });
    if (r.value === null) throw new Error(r.reason);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(r.value).toBeCloseTo(mean, 12);
    expect(r.lower).toBeLessThan(mean);
    expect(r.upper).toBeGreaterThan(mean);
    const se = Math.sqrt((mean * (1 - mean)) / values.length);
    expect(r.upper - r.lower).toBeCloseTo(2 * 1.96 * se, 1);
  });

  it("returns null with a reason for empty input, one unit, and non-finite values", () => {
    expect(bootstrapMean([])).toMatchObject({ value: null, reason: "no values" });
    expect(bootstrapMean([0.5])).toMatchObject({ value: null, reason: expect.stringContaining("two units") });
    expect(bootstrapMean([1, NaN])).toMatchObject({ value: null, reason: expect.stringContaining("finite") });
  });
});
