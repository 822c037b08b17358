import { describe, expect, it } from "vitest";
import { answerProblem, describeAnswer, draftValueOf, FREE_TEXT_MAX, parseNumber, SHORT_TEXT_MAX, wireAnswer } from "@/components/task/answer-kinds";
import { translator, words } from "@/tests/support/translators";

const en = words("en");
const problem = (...args: Parameters<typeof answerProblem>) => en(answerProblem(...args)!);

describe("numbers as people type them", () => {
  it("reads plain, signed, decimal, grouped and exponent forms, and nothing else", () => {
    expect(parseNumber("25")).toBe(25);
    expect(parseNumber(" -3.5 ")).toBe(-3.5);
    expect(parseNumber("1,000")).toBe(1000);
    expect(parseNumber("1,234,567.5")).toBe(1234567.5);
    expect(parseNumber(".5")).toBe(0.5);
    expect(parseNumber("3.")).toBe(3);
    expect(parseNumber("2.5e3")).toBe(2500);
    for (const bad of ["", "twelve", "1,2", "12$", "--1", "1e999", "0x10", "1 000"]) expect(parseNumber(bad), bad).toBeNull();
  });
});

describe("the answer each kind sends (docs/participant-api.md)", () => {
  it("single_choice: the option index, in range", () => {
    expect(wireAnswer("single_choice", 1, 3)).toBe(1);
    expect(wireAnswer("single_choice", 3, 3)).toBeUndefined();
    expect(wireAnswer("single_choice", "1", 3)).toBeUndefined();
  });

  it("multi_select: the chosen strings, [] for nobody", () => {
    expect(wireAnswer("multi_select", ["Ana"])).toEqual(["Ana"]);
    expect(wireAnswer("multi_select", [])).toEqual([]);
    expect(wireAnswer("multi_select", undefined)).toBeUndefined();
  });

  it("yes_no: yes or no", () => {
    expect(wireAnswer("yes_no", "yes")).toBe("yes");
    expect(wireAnswer("yes_no", "y")).toBeUndefined();
  });

  it("numeric: a number from the typed text, or null for can't be determined", () => {
    expect(wireAnswer("numeric", "12.5")).toBe(12.5);
    expect(wireAnswer("numeric", 7)).toBe(7);
    expect(wireAnswer("numeric", null)).toBeNull();
    expect(wireAnswer("numeric", "abc")).toBeUndefined();
    expect(problem("numeric", "abc")).toBe("Enter a number, such as 12 or 3.5.");
    expect(problem("numeric", "")).toBe("Enter a number, or say it can’t be determined.");
  });

  it("text: trimmed, non-empty, at most 200 (short) or 2,000 (free) characters", () => {
    expect(wireAnswer("short_text", "  the basket ")).toBe("the basket");
    expect(wireAnswer("short_text", "   ")).toBeUndefined();
    expect(wireAnswer("short_text", "x".repeat(SHORT_TEXT_MAX))).toHaveLength(SHORT_TEXT_MAX);
    expect(wireAnswer("short_text", "x".repeat(SHORT_TEXT_MAX + 1))).toBeUndefined();
    expect(problem("short_text", "x".repeat(SHORT_TEXT_MAX + 1))).toBe("Use at most 200 characters.");
    expect(wireAnswer("free_text", "x".repeat(FREE_TEXT_MAX))).toHaveLength(FREE_TEXT_MAX);
    expect(problem("free_text", "x".repeat(FREE_TEXT_MAX + 1))).toBe("Use at most 2,000 characters.");
    expect(words("zh")(answerProblem("free_text", "x".repeat(FREE_TEXT_MAX + 1))!)).toBe("最多使用 2,000 个字符。");
  });
});

describe("stage-1 answers brought back", () => {
  it("turns a stored answer into what the widget holds, and refuses one that does not fit", () => {
    expect(draftValueOf("numeric", 25, null)).toBe("25");
    expect(draftValueOf("numeric", null, null)).toBeNull();
    expect(draftValueOf("single_choice", 1, ["a", "b"])).toBe(1);
    expect(draftValueOf("single_choice", 2, ["a", "b"])).toBeUndefined();
    expect(draftValueOf("multi_select", ["Ana", "Zed"], ["Ana", "Sam"])).toBeUndefined();
    expect(draftValueOf("multi_select", [], ["Ana"])).toEqual([]);
  });

  it("says the answer in words", () => {
    const t = translator("en", "widgets");
    expect(describeAnswer("single_choice", 1, ["box", "basket"], t)).toBe("basket");
    expect(describeAnswer("multi_select", [], ["Ana"], t)).toBe("Nobody");
    expect(describeAnswer("multi_select", ["Ana", "Sam"], null, t)).toBe("Ana, Sam");
    expect(describeAnswer("numeric", null, null, t)).toBe("Can’t be determined from the conversation");
    expect(describeAnswer("yes_no", "no", null, t)).toBe("No");
    expect(describeAnswer("short_text", undefined, null, t)).toBe("no answer");
  });

  it("says the answer in Chinese words on a Chinese page, keeping the benchmark's own options", () => {
    const t = translator("zh", "widgets");
    expect(describeAnswer("single_choice", 1, ["box", "basket"], t)).toBe("basket");
    expect(describeAnswer("multi_select", [], ["Ana"], t)).toBe("没有人");
    expect(describeAnswer("multi_select", ["Ana", "Sam"], null, t)).toBe("Ana、Sam");
    expect(describeAnswer("yes_no", "yes", null, t)).toBe("是");
    expect(describeAnswer("short_text", undefined, null, t)).toBe("未作答");
  });
});
