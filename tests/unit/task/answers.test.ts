import { describe, expect, it } from "vitest";
import { answerErrors, nextUnanswered, optionForKey, sectionsOf, targetCheck, unanswered } from "@/components/task/answers";
import type { Check } from "@/lib/designs/validation/checks";

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

describe("keyboard answering", () => {
  it("answers the focused check, or else the first unanswered one", () => {
    expect(targetCheck(checks, {}, "label")?.key).toBe("label");
    expect(targetCheck(checks, { "flag:incoherent": "no" }, null)?.key).toBe("flag:unsafe");
    expect(targetCheck(checks, { "flag:incoherent": "no", "flag:unsafe": "no", label: "yes" }, null)).toBeNull();
  });

  it("maps number keys to the option with that number, and nothing past the last", () => {
    expect(optionForKey(checks[2]!, "2")).toBe("partially");
    expect(optionForKey(checks[2]!, "4")).toBeNull();
    expect(optionForKey(checks[2]!, "0")).toBeNull();
    expect(optionForKey(checks[2]!, "a")).toBeNull();
  });

  it("moves on to the next unanswered check, wrapping round", () => {
    expect(nextUnanswered(checks, { "flag:incoherent": "no" }, "flag:incoherent")?.key).toBe("flag:unsafe");
    expect(nextUnanswered(checks, { label: "no", "flag:unsafe": "no" }, "label")?.key).toBe("flag:incoherent");
    expect(nextUnanswered(checks, { "flag:incoherent": "no", "flag:unsafe": "no", label: "no" }, "label")).toBeNull();
  });

  it("lists what is still unanswered", () => {
    expect(unanswered(checks, { label: "no" }).map((c) => c.key)).toEqual(["flag:incoherent", "flag:unsafe"]);
  });
});

describe("sections", () => {
  it("puts context checks first and groups answer-key checks under their question", () => {
    const q = (id: string, key: string): Check => ({ key, kind: "broken", prompt: "Broken?", options: yesNo, questionId: id });
    const sections = sectionsOf([q("q1", "a"), checks[0]!, q("q2", "b"), q("q1", "c")]);
    expect(sections.map((s) => [s.questionId, s.checks.map((c) => c.key)])).toEqual([
      [null, ["flag:incoherent"]],
      ["q1", ["a", "c"]],
      ["q2", ["b"]],
    ]);
  });

  it("maps a 422's invalid_params to the checks they name", () => {
    expect(
      answerErrors(
        [
          { name: "payload.answers.label", reason: "Answer it" },
          { name: "payload.comment", reason: "Too long" },
        ],
        checks,
      ),
    ).toEqual({ label: "Answer it" });
  });
});
