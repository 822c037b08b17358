import { describe, expect, it } from "vitest";
import { sameJson } from "@/lib/datasets/import-writer";

// The importer skips serialising a context that is sameJson as a recent one, so sameJson must
// never say "same" for values whose JSON differs (it may say "different" for some that match).
describe("sameJson", () => {
  const turns = () => ({ conversation: { type: "conversation", turns: [{ speaker: "Ana", text: "Hi 🙂" }, { speaker: "Sam", text: "Hello", segment: 1 }] } });

  it("equal structures built separately are the same", () => {
    expect(sameJson(turns(), turns())).toBe(true);
    expect(sameJson([1, "a", null, true, { x: [] }], [1, "a", null, true, { x: [] }])).toBe(true);
  });

  it.each([
    ["a different text", { a: "x" }, { a: "y" }],
    ["the same keys in another order", { a: 1, b: 2 }, { b: 2, a: 1 }],
    ["an extra key", { a: 1 }, { a: 1, b: 2 }],
    ["an undefined value against a missing key", { a: 1, b: undefined }, { a: 1 }],
    ["an array against an object", [1], { 0: 1 }],
    ["arrays of different length", [1, 2], [1, 2, 3]],
    ["a number against its string", { a: 1 }, { a: "1" }],
    ["null against an object", null, {}],
  ])("%s is different", (_name, a, b) => {
    expect(sameJson(a, b)).toBe(false);
    expect(sameJson(b, a)).toBe(false);
  });

  it("objects that are not plain data (a Date) are never the same, even when their keys match", () => {
    expect(sameJson({ at: new Date(0) }, { at: new Date(1) })).toBe(false);
  });

  it("whenever it says same, the JSON is the same (random nested values)", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const leaf = () => [null, true, false, 0, 1, -0, "a", "b", "", "🙂"][Math.floor(random() * 10)];
    const value = (depth: number): unknown => {
      const r = random();
      if (depth > 2 || r < 0.4) return leaf();
      if (r < 0.7) return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1));
      const out: Record<string, unknown> = {};
      for (const key of ["k", "j", "i"].slice(0, Math.floor(random() * 3) + 1)) out[key] = value(depth + 1);
      return out;
    };
    let same = 0;
    for (let i = 0; i < 20_000; i++) {
      const [a, b] = [value(0), value(0)];
      if (sameJson(a, b)) {
        same++;
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      } else {
        expect(JSON.stringify(a) === JSON.stringify(b) && !hasNegativeZero(a) && !hasNegativeZero(b)).toBe(false);
      }
    }
    expect(same).toBeGreaterThan(100);
  });
});

function hasNegativeZero(value: unknown): boolean {
  if (Object.is(value, -0)) return true;
  if (value && typeof value === "object") return Object.values(value).some(hasNegativeZero);
  return false;
}
