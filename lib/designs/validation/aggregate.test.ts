import { describe, expect, it } from "vitest";
import { decideUnit, tally, tallyCounts, type Vote } from "@/lib/designs/validation/aggregate";
import { unitChecks, type UnitQuestion } from "@/lib/designs/validation/checks";
import { validationConfigSchema } from "@/lib/designs/validation/config";

const config = validationConfigSchema.parse({
  contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }, { key: "unsafe", label: "Unsafe" }] },
  labelJudgement: {
    prompt: "Does B understand A?",
    labels: [{ key: "yes", label: "Yes" }, { key: "partially", label: "Partially" }, { key: "no", label: "No", rejects: true }],
  },
});
const checks = unitChecks(config, []);
const vote = (p: string, answers: Record<string, string>): Vote => ({ participantId: p, answers });
const base = { n: 3, unitType: "context" as const, questionIds: [], adjudications: {} };

describe("tally", () => {
  it("reports a strict majority, or an explicit tie, never a silent pick", () => {
    expect(tally(["a", "a", "b"])).toMatchObject({ majority: "a", tie: false, unanimous: false });
    expect(tally(["a", "b", "c"])).toMatchObject({ majority: null, tie: true });
    expect(tally(["a", "b"])).toMatchObject({ majority: null, tie: true });
    expect(tally([])).toMatchObject({ majority: null, tie: false, votes: 0 });
  });
});

describe("tallyCounts", () => {
  it("gives the same tally from counts as from the votes (counts as GROUP BY makes them)", () => {
    const cases = [["a", "a", "b"], ["a", "b", "c"], ["a", "b"], [], ["x"], ["a", "b", "b", "a", "c"], ["b", "b", "a", "a", "a"]];
    for (const values of cases) {
      const counts: Record<string, number> = {};
      for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
      expect(tallyCounts(counts)).toEqual(tally(values));
    }
  });
});

describe("validation decision per unit", () => {
  it("rejects a conversation the majority flags incoherent", () => {
    const votes = [
      vote("a", { "flag:incoherent": "yes", "flag:unsafe": "no", label: "yes" }),
      vote("b", { "flag:incoherent": "yes", "flag:unsafe": "no", label: "yes" }),
      vote("c", { "flag:incoherent": "no", "flag:unsafe": "no", label: "yes" }),
    ];
    const d = decideUnit({ ...base, checks, votes, config });
    expect(d.status).toBe("reject");
    expect(d.reasons).toEqual(["flag:incoherent"]);
    expect(d.checks["flag:incoherent"]).toMatchObject({ counts: { yes: 2, no: 1 }, majority: "yes" });
  });

  it("sends three different labels to review under the default tie policy, and follows keep/reject policies", () => {
    const votes = ["yes", "partially", "no"].map((l, i) => vote(`p${i}`, { "flag:incoherent": "no", "flag:unsafe": "no", label: l }));
    expect(decideUnit({ ...base, checks, votes, config }).status).toBe("needs_review");
    const keep = { ...config, rule: { ...config.rule, tiePolicy: "keep" as const } };
    expect(decideUnit({ ...base, checks, votes, config: keep }).status).toBe("keep");
    const reject = { ...config, rule: { ...config.rule, tiePolicy: "reject" as const } };
    expect(decideUnit({ ...base, checks, votes, config: reject }).status).toBe("reject");
  });

  it("lets an adjudication override the vote", () => {
    const votes = ["yes", "partially", "no"].map((l, i) => vote(`p${i}`, { "flag:incoherent": "no", "flag:unsafe": "no", label: l }));
    const d = decideUnit({ ...base, checks, votes, config, adjudications: { label: "no" } });
    expect(d.status).toBe("reject"); // "no" is a rejecting label
    expect(d.checks.label).toMatchObject({ adjudicated: "no", effective: "no", majority: null });
  });

  it("is incomplete until N people answered", () => {
    const votes = [vote("a", { "flag:incoherent": "no", "flag:unsafe": "no", label: "yes" })];
    expect(decideUnit({ ...base, checks, votes, config }).status).toBe("incomplete");
  });
});

describe("answer-key checks", () => {
  const q: UnitQuestion = { id: "q1", kind: "single_choice", prompt: "Where?", options: ["box", "bag", "jar"], gold: { kind: "single_choice", index: 1 } };
  const akConfig = validationConfigSchema.parse({ answerKey: true });
  const akChecks = unitChecks(akConfig, [q]);

  it("asks 'is the marked answer correct?' for the gold option and 'is this option incorrect?' for the others, plus a broken flag", () => {
    expect(akChecks.map((c) => [c.key, c.kind, c.subject])).toEqual([
      ["q:q1:opt:0", "other_option", "box"],
      ["q:q1:opt:1", "marked", "bag"],
      ["q:q1:opt:2", "other_option", "jar"],
      ["q:q1:broken", "broken", undefined],
    ]);
  });

  const allGood = { "q:q1:opt:0": "yes", "q:q1:opt:1": "yes", "q:q1:opt:2": "yes", "q:q1:broken": "no" };

  it("keeps a question whose key the majority confirms, and drops one whose marked answer the majority calls wrong", () => {
    const good = ["a", "b", "c"].map((p) => vote(p, allGood));
    expect(decideUnit({ ...base, unitType: "question", questionIds: ["q1"], checks: akChecks, votes: good, config: akConfig })).toMatchObject({ status: "keep", rejectedQuestions: [] });
    const bad = ["a", "b", "c"].map((p, i) => vote(p, { ...allGood, "q:q1:opt:1": i < 2 ? "no" : "yes" }));
    expect(decideUnit({ ...base, unitType: "question", questionIds: ["q1"], checks: akChecks, votes: bad, config: akConfig })).toMatchObject({ status: "reject", rejectedQuestions: ["q1"] });
    // in a context unit the context stays; only the question goes
    expect(decideUnit({ ...base, questionIds: ["q1"], checks: akChecks, votes: bad, config: akConfig })).toMatchObject({ status: "keep", rejectedQuestions: ["q1"] });
  });

  it("keeps an item only when the human majority AND the LLM judge agree", () => {
    const gated = validationConfigSchema.parse({ answerKey: true, rule: { llmJudge: { model: "gpt-judge" } } });
    const good = ["a", "b", "c"].map((p) => vote(p, allGood));
    const args = { ...base, unitType: "question" as const, questionIds: ["q1"], checks: akChecks, votes: good, config: gated };
    expect(decideUnit({ ...args, llm: { q1: true } }).status).toBe("keep");
    expect(decideUnit({ ...args, llm: { q1: false } })).toMatchObject({ status: "reject", reasons: ["llm_judge"] });
    expect(decideUnit({ ...args, llm: {} })).toMatchObject({ status: "reject", reasons: ["llm_judge"] });
  });
});

describe("the first option always keeps the item (pressing 1 throughout rejects nothing)", () => {
  it("flags, labels (rejecting labels last), the answer key per option, the reference and the broken check", () => {
    const everything = validationConfigSchema.parse({
      contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }, { key: "unsafe", label: "Unsafe (harmful or offensive)" }] },
      answerKey: true,
      labelJudgement: { prompt: "Does B misunderstand A?", labels: [{ key: "yes", label: "Yes", rejects: true }, { key: "no", label: "No" }] },
    });
    const questions: UnitQuestion[] = [
      { id: "q1", kind: "single_choice", prompt: "Where?", options: ["box", "basket", "bag"], gold: { kind: "single_choice", index: 1 } },
      { id: "q2", kind: "short_text", prompt: "What?", options: null, gold: { kind: "short_text", value: "marble" } },
    ];
    const all = unitChecks(everything, questions);
    const first = Object.fromEntries(all.map((c) => [c.key, c.options[0]!.value]));
    const votes = ["a", "b", "c"].map((p) => vote(p, first));
    const decision = decideUnit({ checks: all, votes, n: 3, unitType: "context", questionIds: ["q1", "q2"], config: everything, adjudications: {} });
    expect(decision).toMatchObject({ status: "keep", reasons: [], rejectedQuestions: [] });
    // labelled by meaning, never a bare yes/no
    expect(all.find((c) => c.key === "flag:unsafe")!.options.map((o) => o.label)).toEqual(["Fine", "Unsafe"]);
    expect(all.find((c) => c.key === "q:q1:opt:1")!.options.map((o) => o.label)).toEqual(["Correct", "Wrong"]);
    expect(all.find((c) => c.key === "q:q1:opt:0")!.options.map((o) => o.label)).toEqual(["Wrong", "Correct"]);
    expect(all.find((c) => c.key === "q:q1:broken")!.options.map((o) => o.label)).toEqual(["Fine", "Broken"]);
  });

  it("names the check that decided: a broken question is not an answer key judged wrong", () => {
    const ak = validationConfigSchema.parse({ answerKey: true });
    const q: UnitQuestion = { id: "q", kind: "single_choice", prompt: "Where?", options: ["a", "b"], gold: { kind: "single_choice", index: 0 } };
    const all = unitChecks(ak, [q]);
    const answers = Object.fromEntries(all.map((c) => [c.key, c.kind === "broken" ? "yes" : c.options[0]!.value]));
    const decision = decideUnit({ checks: all, votes: ["a", "b", "c"].map((p) => vote(p, answers)), n: 3, unitType: "question", questionIds: ["q"], config: ak, adjudications: {} });
    expect(decision).toMatchObject({ status: "reject", reasons: ["broken"], questionReasons: { q: "broken" } });
  });
});
