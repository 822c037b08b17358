import { describe, expect, it } from "vitest";
import { scoringOf } from "@/lib/benchmarks/registry";
import type { Gold, TagValue } from "@/lib/benchmarks/types";
import { modelSays, question, scored } from "./make";

const explore = scoringOf("exploretom");
const short = (value: string, tags: Record<string, TagValue> = {}) => question({ kind: "short_text", value }, tags);
const yesNo = (value: "yes" | "no", raw?: string) => question((raw ? { kind: "yes_no", value, raw } : { kind: "yes_no", value }) as Gold);
const right = (q: ReturnType<typeof question>, raw: string) => modelSays("exploretom", q, raw).score.correct;

describe("ExploreToM containment rule", () => {
  it("ExploreToM compute_statistics.py: right when expected_answer is contained in the lower-cased response, so a sentence around the answer is right (an exact-match scorer would say wrong)", () => {
    expect(right(short("wicker basket"), "The Wicker Basket.")).toBe(true);
    expect(right(short("wicker basket"), "It is in the wicker basket, I think")).toBe(true);
    expect(right(short("wicker basket"), "basket")).toBe(false);
    expect(right(short("wicker basket"), "tin box")).toBe(false);
  });

  it('ExploreToM compute_statistics.py: containment keeps "knows about it" and "does not know about it" apart', () => {
    expect(right(short("knows about it"), "She knows about it.")).toBe(true);
    expect(right(short("knows about it"), "does not know about it")).toBe(false);
    expect(right(short("does not know about it"), "knows about it")).toBe(false);
    expect(right(short("does not know about it"), "I believe he does not know about it")).toBe(true);
  });

  it('ExploreToM verify_answer_to_question: "I don\'t know" is right for "no" because "no" is inside "know"; the text is kept whole, not read as yes/no', () => {
    expect(modelSays("exploretom", yesNo("no"), "I don't know").answer).toBe("I don't know");
    expect(right(yesNo("no"), "I don't know")).toBe(true);
    expect(right(yesNo("yes"), "Yes, she does.")).toBe(true);
    expect(right(yesNo("yes"), "No.")).toBe(false);
  });

  it("ExploreToM compute_statistics.py: the expected answer is used as written, so a capitalised label can never match the lower-cased response, and the summary says so", () => {
    const capital = yesNo("yes", "Yes");
    expect(explore.score(capital, "yes", { view: null })).toEqual({ correct: false, normalized: "yes" });
    expect(explore.summarize([scored("exploretom", capital, "yes")], { view: null }).notes[0]).toContain("capital letters");
  });

  it("ExploreToM compute_statistics.py for participants: a typed short answer is right when it contains the expected answer", () => {
    expect(explore.score(short("green crate"), "the green crate", { view: null })).toEqual({ correct: true, normalized: "the green crate" });
    expect(explore.score(short("green crate"), 3, { view: null })).toEqual({ correct: false, normalized: "" });
  });
});

describe("ExploreToM summary", () => {
  const q = (value: string, tags: Record<string, TagValue>) => short(value, { "param=story_type": "tomi", ...tags });
  it("ExploreToM §3 human check: agreement with the labels per story view (structure vs infilled) and story type; then by order, interest and belief", () => {
    const a = q("wicker basket", { nth_order: 1, non_unique_mental_state: true, relation_type: "container_location", belief: "false" });
    const b = q("tin box", { nth_order: -1, non_unique_mental_state: true, "param=story_type": "tomi+room_changes" });
    const c = q("does not know about it", { nth_order: 2, non_unique_mental_state: false, belief: "true" });
    const items = [
      { ...scored("exploretom", a, "the wicker basket"), view: "structure" },
      { ...scored("exploretom", b, "wicker basket"), view: "structure" },
      { ...scored("exploretom", c, "knows about it"), view: "infilled" },
      { ...scored("exploretom", a, "wicker basket"), view: "infilled" },
    ];
    const s = explore.summarize(items, { view: null });
    const t = (id: string) => s.tables.find((x) => x.id === id)!.rows.map((r) => [...Object.values(r.group), r.n, r.correct]);
    expect(t("agreement")).toEqual([
      ["structure", "all", 2, 1],
      ["infilled", "all", 2, 1],
      ["structure", "tomi", 1, 1],
      ["structure", "tomi+room_changes", 1, 0],
      ["infilled", "tomi", 2, 1],
    ]);
    expect(t("nth_order")).toEqual([["-1", 1, 0], ["1", 2, 2], ["2", 1, 0]]);
    expect(t("interesting")).toEqual([["interesting", 3, 2], ["uninteresting", 1, 0]]);
    expect(t("belief")).toEqual([["false belief", 2, 2], ["true belief", 1, 0]]);
    // report byType is the question kind (issue); order is the summary's table above
    expect(explore.typeOf(a)).toBe("short_text");
  });

  it("ExploreToM §3 human check: the study's view labels every answer when the answers carry none", () => {
    const s = explore.summarize([scored("exploretom", q("tin box", {}), "tin box")], { view: "infilled" });
    expect(s.tables[0]!.rows[0]).toMatchObject({ group: { view: "infilled", story_type: "all" }, n: 1, correct: 1 });
  });
});
