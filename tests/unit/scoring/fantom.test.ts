import { describe, expect, it } from "vitest";
import { binaryToInt, tokenF1, weightedF1 } from "@/lib/benchmarks/fantom/official";
import { scoringOf } from "@/lib/benchmarks/registry";
import type { TagValue } from "@/lib/benchmarks/types";
import { modelSays, question } from "./make";

// Each expected value below was produced by running the official functions of eval_fantom.py
// (skywalker023/fantom) on the same strings; the weighted F1 values by scikit-learn 1.2.1's
// f1_score(average="weighted"), which Hugging Face evaluate's "f1" calls.

const fantom = scoringOf("fantom");
const tags = (family: string, accessibility: string | null = "inaccessible", extra: Record<string, TagValue> = {}) => ({ question_family: family, missed_info_accessibility: accessibility, ...extra });

const options = ["Gianna believes that Sara and Javier trained their pets.", "Gianna does not know who trained Snowflake."];
const choice = (index: number) => question({ kind: "single_choice", index }, tags("belief_choice"), { options });
const list = (values: string[], exclude: string[], accessibility = "inaccessible") =>
  question({ kind: "multi_select", values, exclude }, tags("answerability_list", accessibility), { options: [...values, ...exclude] });
const binary = (label: "yes" | "no" | "no:long", family = "info_access_binary", accessibility = "inaccessible") =>
  question(label === "no:long" ? { kind: "yes_no", value: "no", raw: "no:long" } : { kind: "yes_no", value: label }, tags(family, accessibility, { no_long: label === "no:long" }));
const right = (q: ReturnType<typeof question>, raw: unknown) => modelSays("fantom", q, raw).score.correct;

describe("FANToM BeliefQ[choice] (evaluate_mc_belief_q)", () => {
  it('eval_fantom.py evaluate_mc_belief_q: "(b)", "b)", "B.", "b:", "b," at the start, "(b)" anywhere, or exactly "b" is option b', () => {
    const q = choice(1);
    for (const raw of ["(b) Gianna does not know.", "b) Gianna", "B. Mira does not know.", "b: yes", "b, since she left", "I would pick (b).", "b", "B", "Let me think. Answer: (b)"]) {
      expect([raw, right(q, raw)]).toEqual([raw, true]);
    }
    for (const raw of ["a. Mira believes", "(a)", " b."]) expect([raw, right(q, raw)]).toEqual([raw, false]);
  });

  it('eval_fantom.py evaluate_mc_belief_q: a response holding "(a)" and "(b)" passes for either correct option (a first-letter reader would pass only a)', () => {
    const hedge = "(a) or (b), it is hard to say";
    expect(right(choice(1), hedge)).toBe(true);
    expect(right(choice(0), hedge)).toBe(true);
    expect(modelSays("fantom", choice(1), hedge).score.normalized).toBe("b");
  });

  it('eval_fantom.py evaluate_mc_belief_q: "The answer is b" is wrong (no letter pattern at the start and no "(b)"), though a letter-anywhere reader would take it', () => {
    expect(right(choice(1), "The answer is b")).toBe(false);
    expect(modelSays("fantom", choice(1), "The answer is b").answer).toBeNull();
  });

  it("FANToM parse: a response that is exactly one option's text, with no letter, reads as that option (an extension: evaluate_mc_belief_q reads letters only)", () => {
    expect(modelSays("fantom", choice(1), "Gianna does not know who trained Snowflake.").answer).toBe(1);
    expect(right(choice(0), "Gianna does not know who trained Snowflake.")).toBe(false);
  });

  it("FANToM eval_fantom.py evaluate_mc_belief_q for participants: the chosen option index is right only when it is the correct option", () => {
    expect(fantom.score(choice(1), 1, { view: null })).toEqual({ correct: true, normalized: "b" });
    expect(fantom.score(choice(1), 0, { view: null })).toEqual({ correct: false, normalized: "a" });
    expect(fantom.score(choice(1), "b", { view: null }).correct).toBe(false);
  });
});

describe("FANToM list questions (evaluate_list_q)", () => {
  const q = list(["Sara", "Javier"], ["Gianna", "Alondra", "Angela"]);
  it("eval_fantom.py evaluate_list_q: list answer right only with every knower and no non-knower, names found in any case", () => {
    expect(right(q, "Sara and Javier")).toBe(true);
    expect(right(q, "javier and sara.")).toBe(true);
    expect(right(q, "Javier, Sara and Bob")).toBe(true);
    expect(right(q, "Javier, Sara, and Gianna")).toBe(false);
    expect(right(q, "Sara")).toBe(false);
    expect(right(q, "Nobody")).toBe(false);
    expect(modelSays("fantom", q, "Sara and Javier").score.normalized).toBe("Sara|Javier");
  });

  it('eval_fantom.py evaluate_list_q: a name counts when it is a substring of the response, so "Joanna" names Ann (a whole-word reader would say it does not)', () => {
    const ann = list(["Ann"], ["Bo"]);
    expect(right(ann, "Joanna")).toBe(true);
  });

  it("FANToM eval_fantom.py evaluate_list_q for participants: the chosen names hold every knower and no unaware character; [] is right only when nobody knows", () => {
    const ctx = { view: null };
    expect(fantom.score(q, ["Javier", "Sara"], ctx).correct).toBe(true);
    expect(fantom.score(q, ["Sara"], ctx).correct).toBe(false);
    expect(fantom.score(q, ["Sara", "Javier", "Angela"], ctx).correct).toBe(false);
    expect(fantom.score(q, [], ctx).correct).toBe(false);
    expect(fantom.score(list([], ["Gianna"]), [], ctx).correct).toBe(true);
  });
});

describe("FANToM Y/N questions (map_binary_answer_to_int)", () => {
  it("eval_fantom.py map_binary_answer_to_int: yes/no variants read in the official order", () => {
    const cases: [string, 1 | 0 | -1][] = [
      ["Yes.", 1],
      ["'yes'", 1],
      ["True", 1],
      ["yesterday", 1],
      ["No.", 0],
      ["Nope", 0],
      ["He does not know it.", 0],
      ["I think so", -1],
    ];
    for (const [raw, expected] of cases) expect([raw, binaryToInt(raw)]).toEqual([raw, expected]);
  });

  it('eval_fantom.py map_binary_answer_to_int: "No, but she knows about it now" is yes (" knows " is tested first) and "Not sure" is no (starts with "no"), unlike a first-word reader', () => {
    expect(modelSays("fantom", binary("yes"), "No, but she knows about it now").answer).toBe("yes");
    expect(right(binary("yes"), "No, but she knows about it now")).toBe(true);
    expect(right(binary("no"), "Not sure")).toBe(true);
    expect(binaryToInt("Definitely yes")).toBe(-1);
    expect(right(binary("yes"), "Definitely yes")).toBe(false);
  });

  it('eval_fantom.py yesno_to_int: gold "no:long" scores as no', () => {
    expect(fantom.score(binary("no:long"), "no", { view: "full" })).toEqual({ correct: true, normalized: "no" });
    expect(fantom.score(binary("no:long"), "yes", { view: "full" }).correct).toBe(false);
    expect(right(binary("no:long"), "Answer: no")).toBe(true);
  });

  it('eval_fantom.py run_reports: Y/N questions with gold "no:long" are left out with the short context and kept with the full one', () => {
    expect(fantom.counts(binary("no:long"), { view: "short" })).toBe(false);
    expect(fantom.counts(binary("no:long"), { view: null })).toBe(false);
    expect(fantom.counts(binary("no:long"), { view: "full" })).toBe(true);
    expect(fantom.counts(binary("no"), { view: "short" })).toBe(true);
  });
});

describe("FANToM token F1 (compute_f1) and BeliefQ[dist.]", () => {
  it("eval_fantom.py compute_f1: whitespace tokens with multiplicity, no normalisation", () => {
    expect(tokenF1("Sara and Javier discussed their pets.", "Javier and Sara discussed pets.")).toBeCloseTo(0.9090909090909091, 15);
    expect(tokenF1("the the cat", "the cat cat")).toBeCloseTo(0.6666666666666666, 15);
    expect(tokenF1("Gianna knows that Javier discussed training his pet, Bruno.", "gianna knows that javier discussed training his pet, Bruno.")).toBeCloseTo(0.7777777777777778, 15);
    expect(tokenF1("a b c", "")).toBe(0);
  });

  it("eval_fantom.py evaluate_fact_q: FactQ is token F1 of the lower-cased texts, a graded score that is never right or wrong", () => {
    const fact = question({ kind: "free_text", reference: "Sara and Javier discussed their pets.", wrong: "x" }, tags("fact", null));
    const s = fantom.score(fact, "sara AND javier discussed pets.", { view: null });
    expect(s.correct).toBeNull();
    expect(s.graded).toBeCloseTo(0.9090909090909091, 15);
  });

  it("FANToM BeliefQ[dist.]: token F1 stands in for the embedding similarity of evaluate_belief_q: right when closer to the correct belief than to the wrong one, a tie is wrong", () => {
    const belief = question({ kind: "free_text", reference: "Gianna does not know who trained Snowflake.", wrong: "Gianna believes Sara trained Snowflake." }, tags("belief_dist"));
    const closer = fantom.score(belief, "Gianna does not know who trained the dog.", { view: null });
    expect(closer.correct).toBe(true);
    expect(closer.graded).toBeCloseTo(tokenF1("Gianna does not know who trained Snowflake.", "Gianna does not know who trained the dog."), 15);
    // mentions Snowflake like the correct answer, but shares more tokens with the wrong belief
    expect(fantom.score(belief, "Gianna believes Sara trained Snowflake too.", { view: null }).correct).toBe(false);
    expect(fantom.score(belief, "unrelated", { view: null })).toMatchObject({ correct: false, graded: 0 });
  });
});

describe("FANToM byType keys", () => {
  it("eval_fantom.py score_and_analyze: the paper's labels for the main score, control-task questions under their own keys", () => {
    expect(fantom.typeOf(choice(0))).toBe("BeliefQ[choice]");
    expect(fantom.typeOf(binary("yes", "answerability_binary"))).toBe("AnswerabilityQ[Y/N]");
    expect(fantom.typeOf(list(["A"], [], "accessible"))).toBe("AnswerabilityQ[list] (control)");
    expect(fantom.typeOf(question({ kind: "free_text", reference: "f" }, tags("fact", null)))).toBe("FactQ");
    expect(fantom.typeOrder.slice(0, 7)).toEqual(["BeliefQ[choice]", "BeliefQ[dist.]", "AnswerabilityQ[list]", "AnswerabilityQ[Y/N]", "InfoAccessQ[list]", "InfoAccessQ[Y/N]", "FactQ"]);
  });

  it("eval_fantom.py setup_fantom: with the full context a control-task list with an unaware character, and Y/N questions not answered yes, move to the main score", () => {
    const accessibleList = list(["A", "B"], ["C"], "accessible");
    expect(fantom.typeOf(accessibleList, { view: "short" })).toBe("AnswerabilityQ[list] (control)");
    expect(fantom.typeOf(accessibleList, { view: "full" })).toBe("AnswerabilityQ[list]");
    const tagged = question({ kind: "yes_no", value: "yes" }, tags("info_access_binary", "accessible", { full_context_accessibility: "inaccessible" }));
    expect(fantom.typeOf(tagged, { view: "short" })).toBe("InfoAccessQ[Y/N] (control)");
    expect(fantom.typeOf(tagged, { view: "full" })).toBe("InfoAccessQ[Y/N]");
  });
});

describe("FANToM Y/N weighted F1", () => {
  it("eval_fantom.py score_and_analyze: weighted F1 as scikit-learn computes it, unreadable answers (-1) a label of no weight", () => {
    expect(weightedF1([1, 0, 0, 1, 0], [1, 0, 1, -1, 0])).toBeCloseTo(0.68, 15);
    expect(weightedF1([1, 1, 1, 0], [1, 1, 1, 1])).toBeCloseTo(0.6428571428571428, 15);
    expect(weightedF1([0, 0, 1, 0], [0, -1, -1, 1])).toBeCloseTo(0.375, 15);
    expect(weightedF1([1, 0], [-1, -1])).toBe(0);
    expect(weightedF1([0, 0, 0], [0, 0, 0])).toBe(1);
    expect(weightedF1([], [])).toBeNull();
  });
});
