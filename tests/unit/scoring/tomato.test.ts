import { describe, expect, it } from "vitest";
import { scoringOf } from "@/lib/benchmarks/registry";
import type { TagValue } from "@/lib/benchmarks/types";
import { orderTag } from "@/lib/benchmarks/tomato/parse";
import { tomatoSubset } from "@/lib/benchmarks/tomato/score";
import { modelSays, question, scored } from "./make";

const tomato = scoringOf("tomato");
const options = ["He thinks that she is relieved", "He thinks that she is annoyed", "He thinks that she is indifferent", "He thinks that she is confused"];
const q = (index: number, tags: Record<string, TagValue> = { mental_state: "emotion", order: "second", order_raw: 2, false_belief: false }) =>
  question({ kind: "single_choice", index }, tags, { options });
const right = (index: number, raw: unknown) => modelSays("tomato", q(index), raw).score.correct;

describe("ToMATO answers", () => {
  it("ToMATO run_gpt.py extract_answer_from_response: the first bracketed letter [A]–[D] is the answer, wherever it stands", () => {
    expect(right(1, "[B]")).toBe(true);
    expect(right(1, "After weighing it, the answer is [B] He thinks that she is annoyed.")).toBe(true);
    expect(modelSays("tomato", q(1), "[B]").score.normalized).toBe("B");
  });

  it("ToMATO run_gpt.py extract_answer_from_response: the FIRST bracket counts, so a response that weighs [C] before settling on [B] is read as C (a last-letter reader would say B)", () => {
    const raw = "I hesitate between [C] and [B]; final answer [B].";
    expect(right(2, raw)).toBe(true);
    expect(right(1, raw)).toBe(false);
  });

  it('ToMATO run_gpt.py extract_answer_from_response: the class [A,B,C,D] also matches "[,]", which makes the prediction "," and the answer wrong', () => {
    expect(modelSays("tomato", q(1), "Options [,] considered; [B]").answer).toBeNull();
    expect(right(1, "Options [,] considered; [B]")).toBe(false);
  });

  it("ToMATO parse: with no bracketed letter, a bare or punctuated letter or one option's text is read (an extension: the official extraction counts these wrong)", () => {
    expect(right(1, "B")).toBe(true);
    expect(right(1, "(b)")).toBe(true);
    expect(right(1, "B. He thinks that she is annoyed")).toBe(true);
    expect(right(1, "He thinks that she is annoyed.")).toBe(true);
    expect(right(1, "A feeling of relief")).toBe(false);
    expect(modelSays("tomato", q(1), "A feeling of relief").answer).toBeNull();
  });

  it("ToMATO accuracy: a participant's option index is right only when it is a_idx", () => {
    expect(tomato.score(q(3), 3, { view: null })).toEqual({ correct: true, normalized: "D" });
    expect(tomato.score(q(3), 0, { view: null })).toEqual({ correct: false, normalized: "A" });
  });
});

describe("ToMATO subsets (Table 3: mental state × 1st / 2nd / FB)", () => {
  it("ToMATO adapter: false-belief questions get the order tag false_belief (their own column), the file's integer in order_raw", () => {
    expect(orderTag(1, false)).toBe("first");
    expect(orderTag(2, false)).toBe("second");
    expect(orderTag(2, true)).toBe("false_belief");
    expect(orderTag(2, undefined)).toBe("second");
  });

  it("ToMATO Table 3: the 15 subsets in the paper's order; a question tagged before the migration (integer order) lands in the same subset", () => {
    expect(tomatoSubset(q(0, { mental_state: "belief", order: "false_belief", false_belief: true }))).toBe("belief FB");
    expect(tomatoSubset(q(0, { mental_state: "belief", order: 2, false_belief: true }))).toBe("belief FB");
    expect(tomatoSubset(q(0, { mental_state: "knowledge", order: 1, false_belief: null }))).toBe("knowledge 1st");
  });

  it("report byType (issue: the question kind for every benchmark but FANToM): ToMATO's key is single_choice; its subsets are the summary's grid and the strata", () => {
    expect(tomato.typeOf(q(0, { mental_state: "belief", order: "false_belief", false_belief: true }))).toBe("single_choice");
  });

  it("ToMATO Table 3: the 2nd-order column holds no false-belief question (counting FB inside 2nd, as ToMATO-FB ⊂ second order, would give 2nd = 1 of 3)", () => {
    const items = [
      scored("tomato", q(0, { mental_state: "belief", order: "second", false_belief: false }), 0),
      scored("tomato", q(0, { mental_state: "belief", order: "false_belief", false_belief: true }), 1),
      scored("tomato", q(0, { mental_state: "belief", order: "false_belief", false_belief: true }), 2),
      scored("tomato", q(0, { mental_state: "belief", order: "first", false_belief: false }), 0),
      scored("tomato", q(0, { mental_state: "emotion", order: "first", false_belief: false }), 0),
    ];
    const s = tomato.summarize(items, { view: null });
    const rows = s.tables[0]!.rows.map((r) => [r.group.mental_state, r.group.order, r.n, r.correct]);
    expect(rows).toEqual([
      ["belief", "1st", 1, 1],
      ["belief", "2nd", 1, 1],
      ["belief", "FB", 2, 0],
      ["emotion", "1st", 1, 1],
      ["ALL", undefined, 5, 3],
    ]);
    // the mean of the four subsets (1 + 1 + 0 + 1) / 4, not the pooled 3 / 5
    expect(s.figures[0]).toMatchObject({ key: "subset_mean", value: 0.75, n: 4 });
  });
});
