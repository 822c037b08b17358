import { describe, expect, it } from "vitest";
import { hasAnswer, incomplete, itemErrors, itemProblem, itemsOf, keyAnswer, nextUnansweredItem, scaleSteps, scoreKeys, targetItem, type Given } from "@/components/task/items";
import { words } from "@/tests/support/translators";

const en = words("en");
import type { Check, ViewQuestion } from "@/lib/designs/types";

const yesNo = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];
const checks: Check[] = [
  { key: "flag:incoherent", kind: "flag", prompt: "Incoherent?", options: yesNo },
  { key: "flag:unsafe", kind: "flag", prompt: "Unsafe?", options: yesNo },
  {
    key: "label",
    kind: "label",
    prompt: "Does B understand A?",
    options: [
      { value: "yes", label: "Yes" },
      { value: "partially", label: "Partially" },
      { value: "no", label: "No" },
    ],
  },
];
const validation = itemsOf({ questions: [], checks, commentAllowed: true });
const given = (answers: Given["answers"], comments: Record<string, string> = {}): Given => ({ answers, comments, comment: "" });

const q = (id: string, kind: ViewQuestion["kind"], options: string[] | null = null): ViewQuestion => ({ id, kind, prompt: `${kind}?`, options, answer: true });
const baseline = itemsOf({
  questions: [q("q1", "single_choice", ["box", "basket", "bag"]), q("q2", "multi_select", ["Ana", "Sam"]), q("q3", "yes_no"), q("q4", "numeric"), q("q5", "short_text"), q("q6", "free_text")],
  checks: [],
  commentAllowed: false,
});

describe("keyboard answering (validation checks)", () => {
  it("answers the focused check, or else the first unanswered one", () => {
    expect(targetItem(validation, {}, "label")?.key).toBe("label");
    expect(targetItem(validation, { "flag:incoherent": "no" }, null)?.key).toBe("flag:unsafe");
    expect(targetItem(validation, { "flag:incoherent": "no", "flag:unsafe": "no", label: "yes" }, null)).toBeNull();
  });

  it("maps number keys to the option with that number, and nothing past the last", () => {
    const label = validation[2]!;
    expect(keyAnswer(label, "2")).toBe("partially");
    expect(keyAnswer(label, "4")).toBeNull();
    expect(keyAnswer(label, "0")).toBeNull();
    expect(keyAnswer(label, "a")).toBeNull();
  });

  it("moves on to the next unanswered check, wrapping round", () => {
    expect(nextUnansweredItem(validation, { "flag:incoherent": "no" }, "flag:incoherent")?.key).toBe("flag:unsafe");
    expect(nextUnansweredItem(validation, { label: "no", "flag:unsafe": "no" }, "label")?.key).toBe("flag:incoherent");
    expect(nextUnansweredItem(validation, { "flag:incoherent": "no", "flag:unsafe": "no", label: "no" }, "label")).toBeNull();
  });

  it("lists what is still unanswered", () => {
    expect(incomplete(validation, given({ label: "no" })).map((c) => c.key)).toEqual(["flag:incoherent", "flag:unsafe"]);
  });
});

describe("items in page order", () => {
  it("puts context checks first and answer-key checks under their question, then checks about questions not shown", () => {
    const about = (id: string, key: string): Check => ({ key, kind: "broken", prompt: "Broken?", options: yesNo, questionId: id });
    const items = itemsOf({
      questions: [{ ...q("q1", "yes_no"), answer: false }, { ...q("q2", "yes_no"), answer: false }],
      checks: [about("q1", "a"), checks[0]!, about("q2", "b"), about("q1", "c"), about("gone", "d")],
      commentAllowed: false,
    });
    expect(items.map((i) => i.key)).toEqual(["flag:incoherent", "a", "c", "b", "d"]);
  });

  it("takes the questions themselves when the participant answers them, and a rating's score and penalties", () => {
    expect(baseline.map((i) => [i.type, i.key])).toEqual([1, 2, 3, 4, 5, 6].map((n) => ["question", `q${n}`]));
    const rating = itemsOf({ questions: [{ ...q("q", "free_text"), answer: false }], checks: [], commentAllowed: true, rating: { answer: "x", scale: { min: 0, max: 1, step: 0.5 }, penalties: ["vague"] } });
    expect(rating.map((i) => i.key)).toEqual(["score", "penalties"]);
  });
});

describe("keys per question kind", () => {
  it("number keys choose a single-choice option by its index; y and n answer yes/no; text kinds take no keys", () => {
    expect(keyAnswer(baseline[0]!, "2")).toBe(1);
    expect(keyAnswer(baseline[0]!, "4")).toBeNull();
    expect(keyAnswer(baseline[2]!, "y")).toBe("yes");
    expect(keyAnswer(baseline[2]!, "N")).toBe("no");
    expect(keyAnswer(baseline[2]!, "1")).toBeNull();
    for (const i of [1, 3, 4, 5]) expect(keyAnswer(baseline[i]!, "1")).toBeNull();
  });

  it("a key with focus on nothing answers the first unanswered item that takes keys, skipping text fields", () => {
    expect(targetItem(baseline, { q1: 0 }, null)?.key).toBe("q3");
    // focus in a text answer: the key is typing, not a shortcut
    expect(targetItem(baseline, {}, "q5")).toBeNull();
  });
});

describe("scores", () => {
  it("steps a scale without float drift and gives number keys where there are at most nine steps", () => {
    expect(scaleSteps({ min: 0, max: 1, step: 0.1 })).toHaveLength(11);
    expect(scaleSteps({ min: 0, max: 0.3, step: 0.1 })).toEqual([0, 0.1, 0.2, 0.3]);
    expect(scoreKeys([0, 0.5, 1])).toEqual(["1", "2", "3"]);
    expect(scoreKeys([0, 1, 2, 3])).toEqual(["0", "1", "2", "3"]);
    expect(scoreKeys(scaleSteps({ min: 0, max: 1, step: 0.1 })).every((k) => k === "")).toBe(true);
    const score = itemsOf({ questions: [], checks: [], commentAllowed: false, rating: { answer: "a", scale: { min: 0, max: 1, step: 0.5 }, penalties: [] } })[0]!;
    expect(keyAnswer(score, "3")).toBe(1);
    expect(en(itemProblem(score, given({ score: 0.7 }))!)).toBe("Choose a score.");
    expect(itemProblem(score, given({ score: 0.5 }))).toBeNull();
  });

  it("penalties are optional: never missing, never a key target", () => {
    const [, penalties] = itemsOf({ questions: [], checks: [], commentAllowed: false, rating: { answer: "a", scale: { min: 0, max: 1, step: 1 }, penalties: ["p"] } });
    expect(hasAnswer(penalties!, {})).toBe(true);
    expect(itemProblem(penalties!, given({}))).toBeNull();
  });
});

describe("completeness", () => {
  it("a required check comment must be written; an optional one need not", () => {
    const [required, optional] = itemsOf({
      questions: [],
      checks: [
        { key: "c.a", prompt: "A?", options: yesNo, comment: "required" },
        { key: "c.b", prompt: "B?", options: yesNo, comment: "optional" },
      ],
      commentAllowed: false,
    });
    expect(en(itemProblem(required!, given({ "c.a": "yes" }))!)).toBe("Write a comment for this question.");
    expect(en(itemProblem(required!, given({ "c.a": "yes" }, { "c.a": "  " }))!)).toBe("Write a comment for this question.");
    expect(itemProblem(required!, given({ "c.a": "yes" }, { "c.a": "why" }))).toBeNull();
    expect(itemProblem(optional!, given({ "c.b": "no" }))).toBeNull();
  });

  it("knows an answered baseline unit from a half-answered one", () => {
    const full = given({ q1: 2, q2: [], q3: "no", q4: null, q5: "the basket", q6: "Because." });
    expect(incomplete(baseline, full)).toEqual([]);
    const half = given({ q1: 2, q4: "twelve", q5: "   " });
    expect(incomplete(baseline, half).map((i) => [i.key, en(itemProblem(i, half)!)])).toEqual([
      ["q2", "Choose everyone who applies, or “Nobody”."],
      ["q3", "Choose an answer to this question."],
      ["q4", "Enter a number, such as 12 or 3.5."],
      ["q5", "Write an answer to this question."],
      ["q6", "Write an answer to this question."],
    ]);
  });
});

describe("422s", () => {
  it("maps invalid_params to the items they name, keys with dots included, never showing the server's wording", () => {
    const items = itemsOf({ questions: [q("q1", "numeric")], checks: [{ key: "script.consistent", prompt: "?", options: yesNo }, { key: "script", prompt: "?", options: yesNo }], commentAllowed: false });
    expect(
      itemErrors(
        [
          { name: "payload.answers.script.consistent", reason: "Answer it" },
          { name: "payload.answers.q1", reason: "A number" },
          { name: "payload.comment", reason: "Too long" },
        ],
        items,
      ),
    ).toEqual({ "script.consistent": "errors.answerRefused", q1: "errors.answerRefused" });
    expect(itemErrors([{ name: "payload.comments.script", reason: "Say why" }], items)).toEqual({ script: "errors.answerRefused" });
    expect(en("errors.answerRefused")).toBe("This answer was not accepted. Check it and try again.");
  });
});
