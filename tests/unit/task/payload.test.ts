import { describe, expect, it } from "vitest";
import { itemsOf, type Given } from "@/components/task/items";
import { payloadOf } from "@/components/task/payload";
import { previousGiven } from "@/components/task/previous";
import type { ViewQuestion } from "@/lib/designs/types";

const q = (id: string, kind: ViewQuestion["kind"], options: string[] | null = null): ViewQuestion => ({ id, kind, prompt: "?", options, answer: true });
const yesNo = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

describe("payloads by design", () => {
  it("baseline: every answer in its kind's shape, with the time on each question", () => {
    const items = itemsOf({
      questions: [q("q1", "single_choice", ["a", "b"]), q("q2", "multi_select", ["Ana", "Sam"]), q("q3", "yes_no"), q("q4", "numeric"), q("q5", "numeric"), q("q6", "short_text"), q("q7", "free_text")],
      checks: [],
      commentAllowed: false,
    });
    const given: Given = { answers: { q1: 1, q2: [], q3: "yes", q4: "1,500", q5: null, q6: " box ", q7: "Because." }, comments: {}, comment: "ignored" };
    expect(payloadOf(items, given, { rating: false, commentAllowed: false, times: { q1: 1200.4, q4: 300 }, activeMs: 9000 })).toEqual({
      answers: { q1: 1, q2: [], q3: "yes", q4: 1500, q5: null, q6: "box", q7: "Because." },
      times: { q1: 1200, q2: 0, q3: 0, q4: 300, q5: 0, q6: 0, q7: 0 },
    });
  });

  it("baseline, one question: the unit's active time is that question's time, even if its widget never had focus", () => {
    const items = itemsOf({ questions: [q("q1", "single_choice", ["a", "b"])], checks: [], commentAllowed: false });
    const given: Given = { answers: { q1: 0 }, comments: {}, comment: "" };
    expect(payloadOf(items, given, { rating: false, commentAllowed: false, times: {}, activeMs: 8400.6 })).toEqual({ answers: { q1: 0 }, times: { q1: 8401 } });
    // focus time counted beyond the active clock (it never is less) is kept
    expect(payloadOf(items, given, { rating: false, commentAllowed: false, times: { q1: 9000 }, activeMs: 8400 })).toEqual({ answers: { q1: 0 }, times: { q1: 9000 } });
  });

  it("validation: check answers and the unit's comment, nothing else", () => {
    const items = itemsOf({ questions: [{ ...q("q1", "yes_no"), answer: false }], checks: [{ key: "flag:unsafe", prompt: "?", options: yesNo }], commentAllowed: true });
    expect(payloadOf(items, { answers: { "flag:unsafe": "no" }, comments: {}, comment: " ok " }, { rating: false, commentAllowed: true, times: {}, activeMs: 9000 })).toEqual({
      answers: { "flag:unsafe": "no" },
      comment: "ok",
    });
  });

  it("checklist: per-criterion comments where the criterion asks for one", () => {
    const items = itemsOf({
      questions: [],
      checks: [
        { key: "script.consistent", prompt: "?", options: yesNo, comment: "required" },
        { key: "script.answerable", prompt: "?", options: yesNo },
      ],
      commentAllowed: false,
    });
    const given: Given = { answers: { "script.consistent": "no", "script.answerable": "yes" }, comments: { "script.consistent": " order changed ", "script.answerable": "stray" }, comment: "" };
    expect(payloadOf(items, given, { rating: false, commentAllowed: false, times: {}, activeMs: 9000 })).toEqual({
      answers: { "script.consistent": "no", "script.answerable": "yes" },
      comments: { "script.consistent": "order changed" },
    });
  });

  it("rating: score, penalties (none ticked is []) and the optional comment", () => {
    const unit = { questions: [], checks: [], commentAllowed: true, rating: { answer: "x", scale: { min: 0, max: 1, step: 0.5 }, penalties: ["vague", "wrong"] } };
    const items = itemsOf(unit);
    expect(payloadOf(items, { answers: { score: 0.5 }, comments: {}, comment: "" }, { rating: true, commentAllowed: true, times: {}, activeMs: 9000 })).toEqual({ score: 0.5, penalties: [] });
    expect(payloadOf(items, { answers: { score: 1, penalties: ["wrong"] }, comments: {}, comment: "fine" }, { rating: true, commentAllowed: true, times: {}, activeMs: 9000 })).toEqual({
      score: 1,
      penalties: ["wrong"],
      comment: "fine",
    });
  });
});

describe("stage 2 starts from the stage-1 answers", () => {
  it("preselects each stored answer that fits, as the widgets hold it", () => {
    const items = itemsOf({ questions: [q("q1", "single_choice", ["a", "b"]), q("q2", "numeric"), q("q3", "multi_select", ["Ana"])], checks: [], commentAllowed: true });
    const given = previousGiven({ answers: { q1: 1, q2: 25, q3: ["Zed"] }, times: { q1: 10 }, comment: "c" }, items);
    expect(given).toEqual({ answers: { q1: 1, q2: "25" }, comments: {}, comment: "c" });
    expect(previousGiven(null, items)).toEqual({ answers: {}, comments: {}, comment: "" });
  });
});
