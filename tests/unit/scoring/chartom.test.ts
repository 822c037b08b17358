import { describe, expect, it } from "vitest";
import { scoringOf } from "@/lib/benchmarks/registry";
import type { ScoredItem } from "@/lib/benchmarks/scoring";
import type { TagValue } from "@/lib/benchmarks/types";
import { modelSays, question, scored } from "./make";

const chartom = scoringOf("chartom");
const options = [
  "Vautrin wants to show off his generosity.",
  "Vautrin asserts his status at the table.",
  "Vautrin flatters them so that his business does not fall through.",
  "Vautrin tests their reaction to the wine.",
];
const choice = (index: number, tags: Record<string, TagValue> = { dimension: "intention", form: "choice" }, extra = {}) =>
  question({ kind: "single_choice", index }, tags, { options, ...extra });
const right = (raw: unknown, index = 2) => modelSays("chartom", choice(index), raw).score.correct;

describe("CharToM-QA multiple choice", () => {
  it('CharToM-QA evaluate_en.py index parsing: brackets and quotes dropped, the digits left are the 1-based candidate ("(3)", "3", "\'3\'")', () => {
    expect(right("(3)")).toBe(true);
    expect(right("3")).toBe(true);
    expect(right("'3'")).toBe(true);
    expect(right("(2)")).toBe(false);
    expect(modelSays("chartom", choice(2), "(3)").score.normalized).toBe("3");
    // there is no fifth candidate: unreadable, so wrong
    expect(modelSays("chartom", choice(2), "(5)").answer).toBeNull();
  });

  it("CharToM-QA parse: failing the index form, a leading number or letter (\"(3). Vautrin…\", \"C.\") or one candidate's text (an extension of the index rule)", () => {
    expect(right("(3). Vautrin flatters them")).toBe(true);
    expect(right("C.")).toBe(true);
    expect(right("Vautrin flatters them so that his business does not fall through.")).toBe(true);
    expect(right("I am not sure")).toBe(false);
  });

  it("CharToM-QA standard accuracy: right only for the answer's option; the generative form is not machine-scored and not in byType", () => {
    expect(chartom.score(choice(2), 2, { view: "c0" })).toEqual({ correct: true, normalized: "3" });
    const generative = question({ kind: "free_text", reference: "r", bonusPoints: ["b"] }, { dimension: "intention", form: "generative" });
    expect(chartom.score(generative, "some answer", { view: "c0" }).correct).toBeNull();
    // report byType is the question kind (issue); per dimension accuracy is the summary's Table 2
    expect(chartom.typeOf(generative)).toBe("free_text");
    expect(chartom.typeOf(choice(0))).toBe("single_choice");
  });
});

describe("CharToM-QA summary", () => {
  it("CharToM-QA Table 2 and Table 3: accuracy per dimension × window and per group × window, the indirect subset, read − not read and the paired revision", () => {
    const items = [choice(0, { dimension: "belief", indirect: true }, { sourceId: "q1", position: 0 }), choice(1, { dimension: "emotion", indirect: false }, { sourceId: "q2", position: 0 })];
    const all: ScoredItem[] = [];
    // the reader gets both right at both windows; the non-reader gets q1 wrong at c0 and revises it at c2000
    for (const q of items) {
      const gold = (q.gold as { index: number }).index;
      all.push({ ...scored("chartom", q, gold, "r"), group: "read", view: "c0" });
      all.push({ ...scored("chartom", q, gold, "r"), group: "read", view: "c2000" });
      all.push({ ...scored("chartom", q, q.sourceId === "q1" ? 3 : gold, "n"), group: "not read", view: "c0" });
      all.push({ ...scored("chartom", q, gold, "n"), group: "not read", view: "c2000" });
    }
    const s = chartom.summarize(all, { view: null });
    expect(s.tables[1]!.rows.map((r) => [r.group.subset, r.group.group, r.group.window, r.n, r.correct])).toEqual([
      ["all", "read", "c0", 2, 2],
      ["all", "read", "c2000", 2, 2],
      ["all", "not read", "c0", 2, 1],
      ["all", "not read", "c2000", 2, 2],
      ["indirect", "read", "c0", 1, 1],
      ["indirect", "read", "c2000", 1, 1],
      ["indirect", "not read", "c0", 1, 0],
      ["indirect", "not read", "c2000", 1, 1],
    ]);
    expect(s.tables[0]!.rows.map((r) => [r.group.dimension, r.group.window, r.n])).toEqual([["belief", "c0", 2], ["belief", "c2000", 2], ["emotion", "c0", 2], ["emotion", "c2000", 2]]);
    expect(s.comparisons!.find((c) => c.id === "group:read-not read@c0")!.difference).toBeCloseTo(0.5, 12);
    expect(s.comparisons!.find((c) => c.id === "window:c0-c2000@not read")).toMatchObject({ difference: 0.5, p: 1 });
    expect(s.notes).toEqual([]);
  });

  it("CharToM-QA summary: the study's view is the window when answers carry none; without indirect tags it says there is no indirect subset", () => {
    const s = chartom.summarize([scored("chartom", choice(2, { dimension: "desire" }), 2)], { view: "c2000" });
    expect(s.tables[0]!.rows).toEqual([expect.objectContaining({ group: { dimension: "desire", window: "c2000" }, n: 1, correct: 1 })]);
    expect(s.comparisons).toEqual([]);
    expect(s.notes[0]).toContain("indirect");
  });
});
