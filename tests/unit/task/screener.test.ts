import { describe, expect, it } from "vitest";
import { CHOICE_KEY, emptyScreenerDraft, screenerAnswer, screenerFieldErrors, screenerProblems, shownItems, type ScreenerDraft } from "@/components/task/screener";
import type { ScreenerView } from "@/lib/participants/screener";

const MESSAGES = { choose: "Choose one.", answer: "Answer it." };

function view(extra: Partial<ScreenerView> = {}): ScreenerView {
  return {
    prompt: "Which of these books have you read completely?",
    help: null,
    choice: "values",
    options: [
      { value: "Emma", label: "Emma" },
      { value: "Persuasion", label: "Persuasion" },
    ],
    memberGroup: "read",
    familiarity: [
      { index: 0, appliesTo: "Emma", prompt: "Who is Emma's father?", options: ["Mr Woodhouse", "Mr Knightley"] },
      { index: 1, appliesTo: "Persuasion", prompt: "Whom does Anne marry?", options: ["Mr Elliot", "Captain Wentworth"] },
      { index: 2, appliesTo: null, prompt: "Have you read these in English?", options: ["Yes", "No"] },
    ],
    current: { group: null, values: [] },
    ...extra,
  };
}

const draft = (d: Partial<ScreenerDraft>): ScreenerDraft => ({ ...emptyScreenerDraft, ...d });
const indexes = (v: ScreenerView, d: ScreenerDraft) => shownItems(v, d).map((f) => f.index);

describe("screener on the task page", () => {
  it("a checklist asks each ticked value's questions, and the general ones once anything is ticked; nothing ticked asks nothing", () => {
    const v = view();
    expect(indexes(v, emptyScreenerDraft)).toEqual([]);
    expect(indexes(v, draft({ values: ["Persuasion"] }))).toEqual([1, 2]);
    expect(indexes(v, draft({ values: ["Emma", "Persuasion"] }))).toEqual([0, 1, 2]);
    // none ticked is an answer: the empty list is sent
    expect(screenerProblems(v, emptyScreenerDraft, MESSAGES)).toEqual({});
    expect(screenerAnswer(v, emptyScreenerDraft)).toEqual({ values: [], familiarity: {} });
  });

  it("every shown question must be answered before sending; only shown questions' answers are sent, values in the screener's order", () => {
    const v = view();
    const d = draft({ values: ["Persuasion", "Emma"], familiarity: { "0": 0, "2": 1 } });
    expect(screenerProblems(v, d, MESSAGES)).toEqual({ "familiarity.1": "Answer it." });
    // Emma unticked after answering its question: that answer is not sent
    const later = draft({ values: ["Persuasion"], familiarity: { "0": 0, "1": 1, "2": 1 } });
    expect(screenerProblems(v, later, MESSAGES)).toEqual({});
    expect(screenerAnswer(v, later)).toEqual({ values: ["Persuasion"], familiarity: { "1": 1, "2": 1 } });
    expect(screenerAnswer(v, draft({ values: ["Persuasion", "Emma"], familiarity: { "0": 0, "1": 1, "2": 0 } }))).toEqual({
      values: ["Emma", "Persuasion"],
      familiarity: { "0": 0, "1": 1, "2": 0 },
    });
  });

  it("one choice: required; its questions appear once a choice is made and are sent when answered (the server asks only members)", () => {
    const v = view({
      choice: "group",
      options: [
        { value: "0", label: "Yes" },
        { value: "1", label: "No" },
      ],
      familiarity: [{ index: 0, appliesTo: null, prompt: "Who wrote Emma?", options: ["Austen", "Eliot"] }],
    });
    expect(screenerProblems(v, emptyScreenerDraft, MESSAGES)).toEqual({ [CHOICE_KEY]: "Choose one." });
    expect(indexes(v, emptyScreenerDraft)).toEqual([]);
    expect(indexes(v, draft({ option: 1 }))).toEqual([0]);
    expect(screenerProblems(v, draft({ option: 1 }), MESSAGES)).toEqual({});
    expect(screenerAnswer(v, draft({ option: 0, familiarity: { "0": 0 } }))).toEqual({ option: 0, familiarity: { "0": 0 } });
    expect(screenerAnswer(v, draft({ option: 1 }))).toEqual({ option: 1, familiarity: {} });
  });

  it("membership from the link: only the familiarity check on what the link gave", () => {
    const perBook = view({ choice: null, options: [], current: { group: null, values: ["Emma"] } });
    expect(indexes(perBook, emptyScreenerDraft)).toEqual([0, 2]);
    expect(screenerProblems(perBook, emptyScreenerDraft, MESSAGES)).toEqual({ "familiarity.0": "Answer it.", "familiarity.2": "Answer it." });
    expect(screenerAnswer(perBook, draft({ familiarity: { "0": 1, "2": 0 } }))).toEqual({ familiarity: { "0": 1, "2": 0 } });

    const general = [{ index: 0, appliesTo: null, prompt: "Who wrote Emma?", options: ["Austen", "Eliot"] }];
    const member = view({ choice: null, options: [], familiarity: general, current: { group: "read", values: [] } });
    const other = view({ choice: null, options: [], familiarity: general, current: { group: "not_read", values: [] } });
    expect(indexes(member, emptyScreenerDraft)).toEqual([0]);
    expect(indexes(other, emptyScreenerDraft)).toEqual([]);
  });

  it("a 422's invalid_params name the item they are about (with our own message, not the server's); other names are left to the message", () => {
    expect(
      screenerFieldErrors([
        { name: "familiarity.1", reason: "Answer this question." },
        { name: "values.0", reason: "Not a choice." },
        { name: "option", reason: "Choose one." },
        { name: "somethingElse", reason: "?" },
      ]),
    ).toEqual({ "familiarity.1": "errors.answerRefused", [CHOICE_KEY]: "errors.answerRefused" });
  });
});
