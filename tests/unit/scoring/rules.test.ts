import { describe, expect, it } from "vitest";
import { answerSchemaFor, isClose, normalizeText, scoreAnswer, type ScorableQuestion } from "@/lib/benchmarks/score";

const choice = (index: number, options = ["a", "b", "c", "d"]): ScorableQuestion => ({
  kind: "single_choice",
  options,
  gold: { kind: "single_choice", index },
  scoring: { type: "exact_option" },
});
const list = (values: string[], exclude?: string[]): ScorableQuestion => ({
  kind: "multi_select",
  gold: exclude ? { kind: "multi_select", values, exclude } : { kind: "multi_select", values },
  scoring: { type: "set_match" },
});
const yesNo = (value: "yes" | "no", raw?: string): ScorableQuestion => ({
  kind: "yes_no",
  gold: raw ? { kind: "yes_no", value, raw } : { kind: "yes_no", value },
  scoring: { type: "yes_no" },
});
const numeric = (value: number | "unanswerable"): ScorableQuestion => ({
  kind: "numeric",
  gold: value === "unanswerable" ? { kind: "numeric", unanswerable: true } : { kind: "numeric", value },
  scoring: { type: "numeric", relTol: 0.02, allowUnanswerable: true },
});
const text = (value: string): ScorableQuestion => ({ kind: "short_text", gold: { kind: "short_text", value }, scoring: { type: "normalized_text" } });

const correct = (q: ScorableQuestion, a: unknown) => {
  const s = scoreAnswer(q, a);
  if (!s.scored) throw new Error(`unscored: ${s.reason}`);
  return s.correct;
};

describe("exact_option", () => {
  it("is right only for the gold index", () => {
    expect(correct(choice(2), 2)).toBe(true);
    expect(correct(choice(2), 1)).toBe(false);
    expect(correct(choice(0), 0)).toBe(true);
  });
  it("counts a non-index or a missing answer as wrong, not as an error", () => {
    expect(scoreAnswer(choice(1), "1")).toMatchObject({ scored: true, correct: false, reason: "not an option index" });
    expect(scoreAnswer(choice(1), 1.5)).toMatchObject({ correct: false });
    expect(scoreAnswer(choice(1), null)).toMatchObject({ scored: true, correct: false, reason: "no answer" });
  });
});

describe("set_match (every knower, no non-knower, no partial credit)", () => {
  const q = list(["Javier", "Sara"], ["Gianna", "Alondra", "Angela"]);
  it("is right with exactly the knowers, in any order and case", () => {
    expect(correct(q, ["Sara", "Javier"])).toBe(true);
    expect(correct(q, [" sara", "JAVIER"])).toBe(true);
  });
  it("is wrong when a knower is missing (no partial credit)", () => {
    expect(correct(q, ["Sara"])).toBe(false);
  });
  it("is wrong when an extra non-knower is included", () => {
    expect(correct(q, ["Sara", "Javier", "Gianna"])).toBe(false);
  });
  it("ignores a name that is neither a knower nor an excluded non-knower", () => {
    expect(correct(q, ["Sara", "Javier", "Someone Else"])).toBe(true);
  });
  it("treats the empty list as right only when nobody knows", () => {
    expect(correct(q, [])).toBe(false);
    expect(correct(list([], ["Gianna"]), [])).toBe(true);
    expect(correct(list([], ["Gianna"]), ["Gianna"])).toBe(false);
  });
  it("without an exclusion list needs the exact set", () => {
    const exact = list(["x", "y"]);
    expect(correct(exact, ["y", "x"])).toBe(true);
    expect(correct(exact, ["x", "y", "z"])).toBe(false);
    expect(correct(exact, ["x"])).toBe(false);
    expect(correct(list([]), [])).toBe(true);
  });
  it("counts a non-list answer as wrong", () => {
    expect(correct(q, "Sara, Javier")).toBe(false);
  });
});

describe("yes_no", () => {
  it("scores yes and no", () => {
    expect(correct(yesNo("yes"), "yes")).toBe(true);
    expect(correct(yesNo("yes"), "no")).toBe(false);
    expect(correct(yesNo("no"), "no")).toBe(true);
  });
  it('treats gold "no:long" as no', () => {
    const q = yesNo("no", "no:long");
    expect(correct(q, "no")).toBe(true);
    expect(correct(q, "yes")).toBe(false);
  });
  it('accepts the answer "no:long" as no, and ignores case and spaces', () => {
    expect(correct(yesNo("no"), "no:long")).toBe(true);
    expect(correct(yesNo("no", "no:long"), "no:long")).toBe(true);
    expect(correct(yesNo("yes"), " Yes ")).toBe(true);
    expect(correct(yesNo("no"), "No.")).toBe(true);
  });
  it("counts anything else as wrong", () => {
    expect(correct(yesNo("no"), "maybe")).toBe(false);
    expect(correct(yesNo("no"), false)).toBe(false);
  });
});

describe("numeric (math.isclose at the rule's tolerance; unanswerable)", () => {
  it("accepts |a − g| within 2% of the larger magnitude and rejects just beyond", () => {
    expect(correct(numeric(100), 100)).toBe(true);
    expect(correct(numeric(100), 102)).toBe(true);
    expect(correct(numeric(100), 98)).toBe(true);
    expect(correct(numeric(100), 97.99)).toBe(false);
    expect(correct(numeric(100), 102.05)).toBe(false);
    expect(correct(numeric(-50), -51)).toBe(true);
    expect(correct(numeric(-50), -51.03)).toBe(false);
  });
  it("measures the tolerance against the larger magnitude, as Python's math.isclose does (the gold alone would reject these)", () => {
    // 2% of 102.04 is 2.0408 ≥ 2.04; 2% of the gold 100 would be 2
    expect(correct(numeric(100), 102.04)).toBe(true);
    expect(isClose(1000, 980, 0.02)).toBe(true);
    expect(isClose(980, 1000, 0.02)).toBe(true);
    // no slack beyond the doubles: Python gives isclose(1.078, 1.1, rel_tol=0.02) == False
    expect(correct(numeric(1.1), 1.078)).toBe(false);
    expect(correct(numeric(1.1), 1.122)).toBe(true);
  });
  it("needs an exact 0 when the gold is 0", () => {
    expect(correct(numeric(0), 0)).toBe(true);
    expect(correct(numeric(0), 0.0001)).toBe(false);
    expect(correct(numeric(0), -0)).toBe(true);
  });
  it("is right on an underspecified item only when marked unanswerable: null, or the older string", () => {
    expect(correct(numeric("unanswerable"), null)).toBe(true);
    expect(correct(numeric("unanswerable"), "unanswerable")).toBe(true);
    expect(correct(numeric("unanswerable"), "Unanswerable")).toBe(true);
    expect(correct(numeric("unanswerable"), 42)).toBe(false);
    expect(correct(numeric("unanswerable"), 0)).toBe(false);
    expect(correct(numeric("unanswerable"), undefined)).toBe(false);
  });
  it("is wrong when a numeric gold is answered unanswerable", () => {
    expect(correct(numeric(42), null)).toBe(false);
    expect(correct(numeric(42), "unanswerable")).toBe(false);
  });
  it("counts a non-number as wrong", () => {
    expect(correct(numeric(42), "42")).toBe(false);
    expect(correct(numeric(42), Number.NaN)).toBe(false);
  });
});

describe("normalized_text (case, articles, punctuation)", () => {
  it("normalises case, articles, punctuation and spaces", () => {
    expect(normalizeText("  The Wicker-Basket! ")).toBe("wicker basket");
    expect(normalizeText("an apple, a pear")).toBe("apple pear");
    expect(normalizeText("Felix’s  room.")).toBe("felixs room");
  });
  it("matches after normalising", () => {
    expect(correct(text("wicker basket"), "The wicker basket.")).toBe(true);
    expect(correct(text("tin box"), "A TIN BOX")).toBe(true);
    expect(correct(text("tin box"), "wicker basket")).toBe(false);
    expect(correct(text("yes"), "Yes.")).toBe(true);
  });
  it('keeps "knows about it" and "does not know about it" apart (exact match, no containment)', () => {
    const knows = text("knows about it");
    const doesNot = text("does not know about it");
    expect(correct(knows, "Knows about it.")).toBe(true);
    expect(correct(knows, "does not know about it")).toBe(false);
    expect(correct(doesNot, "knows about it")).toBe(false);
    expect(correct(doesNot, "Does not know about it")).toBe(true);
    expect(correct(knows, "knows")).toBe(false);
  });
});

describe("reference (free text)", () => {
  it("is not machine-scored", () => {
    const q: ScorableQuestion = { kind: "free_text", gold: { kind: "free_text", reference: "r" }, scoring: { type: "reference" } };
    expect(scoreAnswer(q, "anything")).toEqual({ scored: false, reason: expect.any(String) });
    expect(scoreAnswer(q, undefined).scored).toBe(false);
  });
});

describe("answerSchemaFor", () => {
  it("accepts each kind's answer shape", () => {
    expect(answerSchemaFor("single_choice").parse(3)).toBe(3);
    expect(answerSchemaFor("multi_select").parse([])).toEqual([]);
    expect(answerSchemaFor("yes_no").parse("no")).toBe("no");
    expect(answerSchemaFor("numeric").parse(null)).toBeNull();
    expect(answerSchemaFor("numeric").parse(12.5)).toBe(12.5);
    expect(answerSchemaFor("short_text").parse(" tin box ")).toBe("tin box");
    expect(answerSchemaFor("free_text").parse("because")).toBe("because");
  });
  it("rejects the wrong shape", () => {
    expect(answerSchemaFor("single_choice").safeParse(-1).success).toBe(false);
    expect(answerSchemaFor("single_choice").safeParse("1").success).toBe(false);
    expect(answerSchemaFor("multi_select").safeParse(["a", "a"]).success).toBe(false);
    expect(answerSchemaFor("yes_no").safeParse("maybe").success).toBe(false);
    expect(answerSchemaFor("numeric").safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(answerSchemaFor("numeric").safeParse("12").success).toBe(false);
    expect(answerSchemaFor("numeric").safeParse("unanswerable").success).toBe(false);
    expect(answerSchemaFor("short_text").safeParse("   ").success).toBe(false);
    expect(answerSchemaFor("short_text").safeParse("x".repeat(201)).success).toBe(false);
    expect(answerSchemaFor("short_text").safeParse("x".repeat(200)).success).toBe(true);
    expect(answerSchemaFor("free_text").safeParse("x".repeat(2001)).success).toBe(false);
    expect(answerSchemaFor("free_text").safeParse("x".repeat(2000)).success).toBe(true);
  });
  it("checks options and the unanswerable choice when given the question", () => {
    const q = { options: ["a", "b"], scoring: { type: "exact_option" as const } };
    expect(answerSchemaFor("single_choice", q).safeParse(1).success).toBe(true);
    expect(answerSchemaFor("single_choice", q).safeParse(2).success).toBe(false);
    const names = { options: ["Sara", "Javier"], scoring: { type: "set_match" as const } };
    expect(answerSchemaFor("multi_select", names).safeParse(["Sara"]).success).toBe(true);
    expect(answerSchemaFor("multi_select", names).safeParse(["Bob"]).success).toBe(false);
    const noUnanswerable = { scoring: { type: "numeric" as const, relTol: 0.02, allowUnanswerable: false } };
    expect(answerSchemaFor("numeric", noUnanswerable).safeParse(null).success).toBe(false);
    expect(answerSchemaFor("numeric", { scoring: { type: "numeric", relTol: 0.02, allowUnanswerable: true } }).safeParse(null).success).toBe(true);
  });
});
