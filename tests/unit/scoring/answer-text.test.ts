import { describe, expect, it } from "vitest";
import { readChoice, readLabel, readNames, readNumber, readOptionText, readYesNo } from "@/lib/benchmarks/answer-text";

describe("Sally's fallback readers for answers written as text (used only where the official rule reads nothing)", () => {
  const options = ["relieved", "annoyed", "indifferent", "confused"];
  it("reads an option label alone or leading the answer, in either case, but not a sentence that starts with the article A", () => {
    const abcd = ["A", "B", "C", "D"];
    for (const raw of ["B", "b", "(b)", "[B]", "B.", "b)", "B: annoyed", "Answer: B", "The answer is (B)."]) expect([raw, readLabel(raw, abcd)]).toEqual([raw, 1]);
    expect(readLabel("A feeling of relief", abcd)).toBeNull();
    expect(readLabel("Answerability is hard", abcd)).toBeNull();
    expect(readLabel("E", abcd)).toBeNull();
    expect(readLabel("(3)", ["1", "2", "3", "4"])).toBe(2);
  });

  it("reads an option's text exactly, or the only option contained in the answer", () => {
    expect(readOptionText("Annoyed.", options)).toBe(1);
    expect(readOptionText("I think he is annoyed", options)).toBe(1);
    expect(readOptionText("annoyed or confused", options)).toBeNull();
    expect(readOptionText("happy", options)).toBeNull();
    expect(readChoice("C", options, ["A", "B", "C", "D"])).toBe(2);
  });

  it("reads yes or no from the first word", () => {
    expect(readYesNo("Yes, she does.")).toBe("yes");
    expect(readYesNo("no")).toBe("no");
    expect(readYesNo(true)).toBe("yes");
    expect(readYesNo("Maybe")).toBeNull();
  });

  it("reads the options a list answer names as whole words; nobody is the empty list", () => {
    expect(readNames("Alice and Bob", ["Alice", "Bob", "Carol"])).toEqual(["Alice", "Bob"]);
    expect(readNames("bob, alice", ["Alice", "Bob", "Carol"])).toEqual(["Alice", "Bob"]);
    expect(readNames("Nobody knows it.", ["Alice", "Bob"])).toEqual([]);
    expect(readNames("Joanna", ["Ann"])).toEqual([]);
    expect(readNames(["Ann"], ["Ann"])).toEqual(["Ann"]);
  });

  it('reads numbers with thousands commas and a "$", and the unanswerable forms', () => {
    expect(readNumber("1,250")).toEqual({ value: 1250 });
    expect(readNumber("$1250")).toEqual({ value: 1250 });
    expect(readNumber("-$3.50")).toEqual({ value: -3.5 });
    expect(readNumber("1.2e3")).toEqual({ value: 1200 });
    expect(readNumber("Answer: 42.")).toEqual({ value: 42 });
    expect(readNumber("NA")).toEqual({ unanswerable: true });
    expect(readNumber("n/a")).toEqual({ unanswerable: true });
    expect(readNumber("Cannot be determined.")).toEqual({ unanswerable: true });
    expect(readNumber("It can't be determined from what Alex heard")).toEqual({ unanswerable: true });
    expect(readNumber("They need 3 more boxes.")).toEqual({ value: 3 });
    expect(readNumber("3 boxes at $4 each")).toBeNull();
    expect(readNumber("1,5")).toBeNull();
    expect(readNumber("lots")).toBeNull();
  });
});
