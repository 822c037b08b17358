import { describe, expect, it } from "vitest";
import { chartomReport } from "@/lib/benchmarks/chartom/report";
import { diamondsReport } from "@/lib/benchmarks/diamonds/report";
import { exploreTomReport } from "@/lib/benchmarks/exploretom/report";
import { fantomReport } from "@/lib/benchmarks/fantom/report";
import { countRow, genericReport, scoreResults, tabulate, type ReportQuestion, type ReportRow, type ResultInput } from "@/lib/benchmarks/report";
import { tomatoReport } from "@/lib/benchmarks/tomato/report";
import type { Gold, ScoringRule, TagValue } from "@/lib/benchmarks/types";
import { accuracy } from "@/lib/metrics";

// Report logic on small hand-made questions; the real-sample tests sit next to this file.

let nextPosition = 0;
function q(gold: Gold, tags: Record<string, TagValue>, extra: Partial<ReportQuestion> = {}): ReportQuestion {
  const scoring: ScoringRule =
    gold.kind === "single_choice" ? { type: "exact_option" }
    : gold.kind === "multi_select" ? { type: "set_match" }
    : gold.kind === "yes_no" ? { type: "yes_no" }
    : gold.kind === "numeric" ? { type: "numeric", relTol: 0.02, allowUnanswerable: true }
    : gold.kind === "short_text" ? { type: "normalized_text" }
    : { type: "reference" };
  return { kind: gold.kind, gold, scoring, tags, groupKeys: {}, sourceId: "s", position: nextPosition++, ...extra };
}
const choice = (index: number, tags: Record<string, TagValue>, extra?: Partial<ReportQuestion>) => q({ kind: "single_choice", index }, tags, extra);
const row = (rows: ReportRow[], group: Record<string, string>) => rows.find((r) => JSON.stringify(r.group) === JSON.stringify(group));

describe("shared report helpers", () => {
  it("gives accuracy with the Wilson interval of lib/metrics, and null for no items", () => {
    const r = countRow({ x: "a" }, 7, 10);
    const w = accuracy(7, 10);
    if (w.value === null) throw new Error(w.reason);
    expect(r).toEqual({ group: { x: "a" }, unit: "question", n: 10, correct: 7, accuracy: 0.7, ci: [w.lower, w.upper], unscored: 0 });
    expect(countRow({}, 0, 0, 3)).toMatchObject({ n: 0, accuracy: null, ci: null, unscored: 3 });
  });

  it("counts free text apart, never as wrong", () => {
    const results: ResultInput[] = [
      { question: choice(0, {}), answer: 0 },
      { question: q({ kind: "free_text", reference: "r" }, {}), answer: "anything" },
    ];
    const report = genericReport(results);
    expect(report.tables[0]!.rows[0]).toMatchObject({ n: 1, correct: 1, accuracy: 1, unscored: 1 });
    expect(report).toMatchObject({ total: 2, unscored: 1 });
  });

  it("orders rows by the given value order, then alphabetically, and drops results without a value", () => {
    const results = scoreResults(["b", "z", "a", "b", null].map((v) => ({ question: choice(0, { k: v }), answer: 0 })));
    const rows = tabulate(results, { k: (r) => (r.question.tags.k as string | null) ?? null }, { order: { k: ["z", "b"] } });
    expect(rows.map((r) => [r.group.k, r.n])).toEqual([["z", 1], ["b", 2], ["a", 1]]);
  });
});

describe("FANToM report", () => {
  // one set: belief (dist + choice), both lists, two binaries per family, and the fact question
  function set(setId: string, accessibility: "inaccessible" | "accessible") {
    const keys = { groupKeys: { set_id: setId, part_id: setId.split("-").slice(0, 2).join("-"), conv_id: setId.split("-")[0]! }, sourceId: setId };
    const tags = (family: string, extra: Record<string, TagValue> = {}) => ({ question_family: family, missed_info_accessibility: accessibility, ...extra });
    return [
      q({ kind: "free_text", reference: "f" }, { question_family: "fact", missed_info_accessibility: null }, keys),
      q({ kind: "free_text", reference: "b" }, tags("belief_dist", { tom_type: "first-order" }), keys),
      choice(1, tags("belief_choice", { tom_type: "first-order" }), keys),
      q({ kind: "multi_select", values: ["A"], exclude: ["B", "C"] }, tags("info_access_list"), keys),
      q({ kind: "multi_select", values: ["A"], exclude: ["B", "C"] }, tags("answerability_list"), keys),
      q({ kind: "yes_no", value: "yes" }, tags("info_access_binary"), keys),
      q({ kind: "yes_no", value: "no", raw: "no:long" }, tags("info_access_binary"), keys),
      q({ kind: "yes_no", value: "yes" }, tags("answerability_binary"), keys),
      q({ kind: "yes_no", value: "no" }, tags("answerability_binary"), keys),
    ];
  }
  const right = (question: ReportQuestion): unknown => {
    const g = question.gold;
    return g.kind === "single_choice" ? g.index : g.kind === "multi_select" ? g.values : g.kind === "yes_no" ? g.value : "text";
  };

  it("scores per type, the family All and the set All, and keeps accessible apart", () => {
    const a = set("0-0-0", "inaccessible");
    const b = set("0-0-1", "inaccessible");
    const c = set("1-0-0", "accessible");
    const results: ResultInput[] = [...a, ...b, ...c].map((question) => ({ question, answer: right(question) }));
    // one answerability binary wrong in set 0-0-1
    const flip = results.find((r) => r.question.sourceId === "0-0-1" && r.question.tags.question_family === "answerability_binary")!;
    flip.answer = flip.answer === "yes" ? "no" : "yes";
    const report = fantomReport(results);
    const main = report.tables.find((t) => t.id === "inaccessible")!.rows;
    expect(row(main, { accessibility: "inaccessible", type: "All" })).toMatchObject({ unit: "set", n: 2, correct: 1 });
    expect(row(main, { accessibility: "inaccessible", type: "AnswerabilityQ All" })).toMatchObject({ n: 2, correct: 1 });
    expect(row(main, { accessibility: "inaccessible", type: "InfoAccessQ All" })).toMatchObject({ n: 2, correct: 2 });
    expect(row(main, { accessibility: "inaccessible", type: "AnswerabilityQ[Y/N]" })).toMatchObject({ unit: "question", n: 4, correct: 3 });
    expect(row(main, { accessibility: "inaccessible", type: "BeliefQ[choice]" })).toMatchObject({ n: 2, correct: 2 });
    expect(row(main, { accessibility: "inaccessible", type: "BeliefQ[dist.]" })).toMatchObject({ n: 0, accuracy: null, unscored: 2 });
    expect(row(main, { accessibility: "none", type: "FactQ" })).toMatchObject({ n: 0, unscored: 3 });
    const control = report.tables.find((t) => t.id === "accessible")!.rows;
    expect(row(control, { accessibility: "accessible", type: "All" })).toMatchObject({ n: 1, correct: 1 });
    expect(report.tables.find((t) => t.id === "belief_order")!.rows).toHaveLength(2);
  });

  it("computes All over the questions asked (the paper's human baseline: choice and lists only)", () => {
    const asked = set("0-0-0", "inaccessible").filter((x) => ["belief_choice", "info_access_list", "answerability_list"].includes(String(x.tags.question_family)));
    const report = fantomReport(asked.map((question) => ({ question, answer: right(question) })));
    const main = report.tables[0]!.rows;
    expect(row(main, { accessibility: "inaccessible", type: "All" })).toMatchObject({ n: 1, correct: 1 });
    expect(row(main, { accessibility: "inaccessible", type: "AnswerabilityQ[Y/N]" })).toBeUndefined();
  });

  it("keeps respondents apart in the All scores and can aggregate per conversation", () => {
    const qs = [...set("0-0-0", "inaccessible"), ...set("0-1-0", "inaccessible")];
    const results: ResultInput[] = ["p1", "p2"].flatMap((respondent) => qs.map((question) => ({ question, answer: right(question), respondent })));
    const wrong = results.find((r) => r.respondent === "p2" && r.question.tags.question_family === "info_access_list")!;
    wrong.answer = ["A", "B"];
    const bySet = fantomReport(results).tables[0]!.rows;
    expect(row(bySet, { accessibility: "inaccessible", type: "All" })).toMatchObject({ n: 4, correct: 3 });
    const byConversation = fantomReport(results, { allUnit: "conversation" }).tables[0]!.rows;
    expect(row(byConversation, { accessibility: "inaccessible", type: "All" })).toMatchObject({ unit: "conversation", n: 2, correct: 1 });
  });

  it('drops "no:long" Y/N questions on request, as the official eval does for the short context', () => {
    const results = set("0-0-0", "inaccessible").map((question) => ({ question, answer: right(question) }));
    const rows = fantomReport(results, { dropNoLong: true }).tables[0]!.rows;
    expect(row(rows, { accessibility: "inaccessible", type: "InfoAccessQ[Y/N]" })).toMatchObject({ n: 1 });
  });
});

describe("ToMATO report", () => {
  it("splits by mental state × order and reports the false-belief subset inside the second order", () => {
    const results: ResultInput[] = [
      { question: choice(0, { mental_state: "belief", order: 1, false_belief: false }), answer: 0 },
      { question: choice(0, { mental_state: "belief", order: 2, false_belief: true }), answer: 1 },
      { question: choice(2, { mental_state: "emotion", order: 2, false_belief: true }), answer: 2 },
      { question: choice(2, { mental_state: "belief", order: 2, false_belief: false }), answer: 2 },
    ];
    const report = tomatoReport(results);
    const [byOrder, fb, overall] = report.tables;
    expect(byOrder!.rows.map((r) => [r.group.mental_state, r.group.order, r.n, r.correct])).toEqual([
      ["belief", "1st", 1, 1],
      ["belief", "2nd", 2, 1],
      ["emotion", "2nd", 1, 1],
    ]);
    expect(fb!.rows.map((r) => [r.group.mental_state, r.n, r.correct])).toEqual([["belief", 1, 0], ["emotion", 1, 1], ["All", 2, 1]]);
    expect(overall!.rows[0]).toMatchObject({ n: 4, correct: 3 });
  });
});

describe("DIAMONDs report", () => {
  const keys = { groupKeys: { scenario: "S1" } };
  const numeric = (value: number | null, participant: string, extra: Record<string, TagValue> = {}) =>
    q(value === null ? { kind: "numeric", unanswerable: true } : { kind: "numeric", value }, {
      participant,
      perspective: participant === "Oracle" ? "omniscient" : "participant",
      qa_type: "c11",
      variant: "base",
      ...extra,
    }, keys);

  it("reports omniscient, participant-centric and overall per variant", () => {
    const results: ResultInput[] = [
      { question: numeric(100, "Oracle"), answer: 101 },
      { question: numeric(100, "Alex", { false_belief: false }), answer: 150 },
      { question: numeric(null, "Oracle", { variant: "underspecified" }), answer: "unanswerable" },
      { question: numeric(null, "Bella", { variant: "underspecified" }), answer: 12 },
    ];
    const rows = diamondsReport(results).tables[0]!.rows;
    expect(rows.map((r) => [r.group.variant, r.group.perspective, r.n, r.correct])).toEqual([
      ["base", "omniscient", 1, 1],
      ["base", "participant-centric", 1, 0],
      ["base", "overall", 2, 1],
      ["underspecified", "omniscient", 1, 1],
      ["underspecified", "participant-centric", 1, 0],
      ["underspecified", "overall", 2, 1],
    ]);
  });

  it("classes true/false belief by comparing with the omniscient gold when it is there, else by the tag", () => {
    const results: ResultInput[] = [
      { question: numeric(100, "Oracle"), answer: 100 },
      // same gold as the Oracle: true belief even though outside the Oracle's access group
      { question: numeric(100, "Chen", { false_belief: true }), answer: 100 },
      { question: numeric(80, "Diana", { false_belief: true }), answer: 100 },
      // another question with no omniscient result: the tag decides
      { question: numeric(50, "Alex", { qa_type: "c12", false_belief: false }), answer: 50 },
    ];
    const report = diamondsReport(results);
    const belief = report.tables.find((t) => t.id === "belief")!.rows;
    expect(belief.map((r) => [r.group.belief, r.n, r.correct])).toEqual([["true belief", 2, 2], ["false belief", 1, 0]]);
    expect(report.notes.join(" ")).toContain("2 participant-centric results classed by comparing");
  });
});

describe("ExploreToM report", () => {
  const text = (value: string, tags: Record<string, TagValue>) => q({ kind: "short_text", value }, tags);
  it("splits by order, interestingness, belief and story view", () => {
    const results: ResultInput[] = [
      { question: text("wicker basket", { nth_order: 1, non_unique_mental_state: true, params: "(['Maya'], 'jar of honey', 'container_location-False')" }), answer: "the wicker basket", window: "structure" },
      { question: text("tin box", { nth_order: -1, non_unique_mental_state: true, params: "(None, 'jar of honey', 'ground_truth-container_location')" }), answer: "wicker basket", window: "structure" },
      { question: text("does not know about it", { nth_order: 2, non_unique_mental_state: false, params: "(['Lena', 'Felix'], 'weekend trip', '<knowledge>-True')" }), answer: "knows about it", window: "infilled" },
    ];
    const report = exploreTomReport(results);
    const t = (id: string) => report.tables.find((x) => x.id === id)!.rows.map((r) => [Object.values(r.group)[0], r.n, r.correct]);
    expect(t("overall")).toEqual([["All", 3, 1]]);
    expect(t("nth_order")).toEqual([["-1", 1, 0], ["1", 1, 1], ["2", 1, 0]]);
    expect(t("interesting")).toEqual([["interesting", 2, 1], ["uninteresting", 1, 0]]);
    expect(t("belief")).toEqual([["false belief", 1, 1], ["true belief", 1, 0]]);
    expect(t("view")).toEqual([["structure", 2, 1], ["infilled", 1, 0]]);
  });
});

describe("CharToM-QA report", () => {
  it("gives accuracy per group × window, the indirect subset, and the paper's comparisons", () => {
    const items = [
      choice(0, { tom_dimension: "belief", indirect: true }, { sourceId: "q1", position: 0 }),
      choice(1, { tom_dimension: "emotion", indirect: false }, { sourceId: "q2", position: 0 }),
    ];
    const results: ResultInput[] = [];
    // the reader gets both right at both windows; the non-reader gets q1 wrong at c0 and revises it at c2000
    for (const question of items) {
      const gold = (question.gold as { index: number }).index;
      results.push({ question, answer: gold, group: "read", window: "c0", respondent: "r" });
      results.push({ question, answer: gold, group: "read", window: "c2000", respondent: "r" });
      results.push({ question, answer: question.sourceId === "q1" ? 3 : gold, group: "not read", window: "c0", respondent: "n" });
      results.push({ question, answer: gold, group: "not read", window: "c2000", respondent: "n" });
    }
    const report = chartomReport(results);
    const table = report.tables.find((t) => t.id === "group_window")!.rows;
    expect(table.map((r) => [r.group.subset, r.group.group, r.group.window, r.n, r.correct])).toEqual([
      ["all", "read", "c0", 2, 2],
      ["all", "read", "c2000", 2, 2],
      ["all", "not read", "c0", 2, 1],
      ["all", "not read", "c2000", 2, 2],
      ["indirect", "read", "c0", 1, 1],
      ["indirect", "read", "c2000", 1, 1],
      ["indirect", "not read", "c0", 1, 0],
      ["indirect", "not read", "c2000", 1, 1],
    ]);
    const dims = report.tables.find((t) => t.id === "dimension")!.rows;
    expect(dims.map((r) => [r.group.dimension, r.group.window, r.n])).toEqual([["belief", "c0", 2], ["belief", "c2000", 2], ["emotion", "c0", 2], ["emotion", "c2000", 2]]);
    const gap = report.comparisons.find((c) => c.id === "group:read-not read@c0")!;
    expect(gap.difference).toBeCloseTo(0.5, 12);
    const revision = report.comparisons.find((c) => c.id === "window:c0-c2000@not read")!;
    expect(revision).toMatchObject({ difference: 0.5, p: 1 });
    expect(report.notes).toEqual([]);
  });

  it("works without groups or windows, and says when nothing marks indirect questions", () => {
    const report = chartomReport([{ question: choice(2, { tom_dimension: "desire" }), answer: 2 }]);
    expect(report.tables[1]!.rows).toEqual([expect.objectContaining({ group: { subset: "all" }, n: 1, correct: 1 })]);
    expect(report.comparisons).toEqual([]);
    expect(report.notes[0]).toContain("indirect");
  });
});
