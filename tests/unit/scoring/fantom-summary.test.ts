import { describe, expect, it } from "vitest";
import { scoringOf } from "@/lib/benchmarks/registry";
import type { ReportRow, ReportTable } from "@/lib/benchmarks/report";
import type { BenchmarkSummary, ScoredItem, ScoringContext, ScoringQuestion } from "@/lib/benchmarks/scoring";
import type { Gold, TagValue } from "@/lib/benchmarks/types";
import { question, scored } from "./make";

const fantom = scoringOf("fantom");

/** One question set of the shape eval_fantom.py flattens: a belief (dist. + choice), both lists, two Y/N per family. */
function set(setId: string, accessibility: "inaccessible" | "accessible", opts: { noLong?: boolean } = {}): ScoringQuestion[] {
  const keys = { groupKeys: { set_id: setId }, sourceId: setId };
  const q = (gold: Gold, family: string, extra: Record<string, TagValue> = {}, options?: string[]) =>
    question(gold, { question_family: family, missed_info_accessibility: family === "fact" ? null : accessibility, ...extra }, { ...keys, ...(options ? { options } : {}) });
  const lastNo = opts.noLong ? ({ kind: "yes_no", value: "no", raw: "no:long" } as const) : ({ kind: "yes_no", value: "no" } as const);
  return [
    q({ kind: "free_text", reference: "Sara and Javier trained their pets.", wrong: "w" }, "fact"),
    q({ kind: "free_text", reference: "Gianna does not know who trained Snowflake.", wrong: "Gianna believes Sara trained Snowflake." }, "belief_dist", { tom_type: "first-order" }),
    q({ kind: "single_choice", index: 1 }, "belief_choice", { tom_type: "first-order" }, ["wrong view", "right view"]),
    q({ kind: "multi_select", values: ["Sara", "Javier"], exclude: ["Gianna"] }, "answerability_list", {}, ["Sara", "Javier", "Gianna"]),
    q({ kind: "multi_select", values: ["Sara", "Javier"], exclude: ["Gianna"] }, "info_access_list", {}, ["Sara", "Javier", "Gianna"]),
    q({ kind: "yes_no", value: "yes" }, "answerability_binary"),
    q(lastNo, "answerability_binary", { no_long: opts.noLong === true }),
    q({ kind: "yes_no", value: "yes" }, "info_access_binary"),
    q(lastNo, "info_access_binary", { no_long: opts.noLong === true }),
  ];
}

function gold(q: ScoringQuestion): unknown {
  const g = q.gold;
  return g.kind === "single_choice" ? g.index : g.kind === "multi_select" ? g.values : g.kind === "yes_no" ? g.value : g.kind === "free_text" ? g.reference : null;
}

function answerAll(questions: readonly ScoringQuestion[], respondent = "p1", change: (q: ScoringQuestion) => unknown = gold, ctx: ScoringContext = { view: "short" }): ScoredItem[] {
  return questions.map((q) => scored("fantom", q, change(q), respondent, ctx));
}

const family = (q: ScoringQuestion) => q.tags.question_family;
const table = (s: BenchmarkSummary, id: string): ReportTable => s.tables.find((t) => t.id === id)!;
const row = (t: ReportTable, type: string): ReportRow | undefined => t.rows.find((r) => r.group.type === type);
const figure = (s: BenchmarkSummary, key: string) => s.figures.find((f) => f.key === key);

describe("FANToM summary (eval_fantom.py score_and_analyze)", () => {
  it("eval_fantom.py score_and_analyze: ALL* needs every question of the set right, BeliefQ[dist.] included; ALL leaves BeliefQ[dist.] out", () => {
    const questions = set("0-0-0", "inaccessible");
    const items = answerAll(questions, "p1", (q) => (family(q) === "belief_dist" ? "Gianna believes Sara trained Snowflake." : gold(q)));
    const s = fantom.summarize(items, { view: "short" });
    expect(s.sets).toEqual({ all: 1, allStar: 0, n: 1 });
    const main = table(s, "inaccessible");
    expect(row(main, "All*")).toMatchObject({ unit: "set", n: 1, correct: 0 });
    expect(row(main, "All")).toMatchObject({ unit: "set", n: 1, correct: 1 });
    expect(row(main, "BeliefQ[dist.]")).toMatchObject({ n: 1, correct: 0 });
  });

  it("eval_fantom.py score_and_analyze: ALL* is not reported (null) when no BeliefQ[dist.] was answered, as in the paper's human baseline", () => {
    const asked = set("0-0-0", "inaccessible").filter((q) => ["belief_choice", "answerability_list", "info_access_list"].includes(String(family(q))));
    const s = fantom.summarize(answerAll(asked), { view: "short" });
    expect(s.sets).toEqual({ all: 1, allStar: null, n: 1 });
    expect(row(table(s, "inaccessible"), "All*")).toBeUndefined();
    // the paper's human "AnswerabilityQ All" is its list accuracy when Y/N were not asked
    expect(row(table(s, "inaccessible"), "AnswerabilityQ All")).toMatchObject({ n: 1, correct: 1 });
  });

  it("eval_fantom.py score_and_analyze: ALL is per (respondent, set), so one respondent's slip does not fail another's set (pooling answers across respondents would give 0 of 1)", () => {
    const questions = set("0-0-0", "inaccessible");
    const items = [...answerAll(questions, "p1"), ...answerAll(questions, "p2", (q) => (family(q) === "info_access_list" ? ["Sara"] : gold(q)))];
    const s = fantom.summarize(items, { view: "short" });
    expect(s.sets).toMatchObject({ all: 0.5, n: 2 });
    expect(row(table(s, "inaccessible"), "InfoAccessQ All")).toMatchObject({ n: 2, correct: 1 });
    expect(row(table(s, "inaccessible"), "AnswerabilityQ All")).toMatchObject({ n: 2, correct: 2 });
  });

  it("eval_fantom.py score_and_analyze: AnswerabilityQ All needs the list and every Y/N of the family right; InfoAccessQ All is apart", () => {
    const questions = set("0-0-0", "inaccessible");
    let flipped = false;
    const items = answerAll(questions, "p1", (q) => {
      if (family(q) === "answerability_binary" && !flipped) {
        flipped = true;
        return "no";
      }
      return gold(q);
    });
    const main = table(fantom.summarize(items, { view: "short" }), "inaccessible");
    expect(row(main, "AnswerabilityQ All")).toMatchObject({ n: 1, correct: 0 });
    expect(row(main, "AnswerabilityQ[list]")).toMatchObject({ n: 1, correct: 1 });
    expect(row(main, "AnswerabilityQ[Y/N]")).toMatchObject({ n: 2, correct: 1 });
    expect(row(main, "InfoAccessQ All")).toMatchObject({ n: 1, correct: 1 });
    expect(row(main, "All")).toMatchObject({ n: 1, correct: 0 });
  });

  it("eval_fantom.py run_reports: control-task (accessible) questions are scored in a report of their own and never in the main score", () => {
    const items = [...answerAll(set("0-0-0", "inaccessible")), ...answerAll(set("0-0-1", "accessible"), "p1", (q) => (family(q) === "belief_choice" ? 0 : gold(q)))];
    const s = fantom.summarize(items, { view: "short" });
    expect(row(table(s, "inaccessible"), "All")).toMatchObject({ n: 1, correct: 1 });
    expect(row(table(s, "accessible"), "All")).toMatchObject({ n: 1, correct: 0 });
    expect(row(table(s, "accessible"), "BeliefQ[choice]")).toMatchObject({ n: 1, correct: 0 });
    expect(s.sets).toMatchObject({ all: 1, n: 1 });
  });

  it('eval_fantom.py run_reports: with the short context "no:long" Y/N answers appear in no figure, with the full context they count', () => {
    const questions = set("0-0-0", "inaccessible", { noLong: true });
    const short = fantom.summarize(answerAll(questions, "p1", gold, { view: "short" }), { view: "short" });
    expect(row(table(short, "inaccessible"), "InfoAccessQ[Y/N]")).toMatchObject({ n: 1 });
    expect(short.notes.join(" ")).toContain('2 Y/N answers whose gold is "no:long" are left out');
    const full = fantom.summarize(answerAll(questions, "p1", gold, { view: "full" }), { view: "full" });
    expect(row(table(full, "inaccessible"), "InfoAccessQ[Y/N]")).toMatchObject({ n: 2, correct: 2 });
  });

  it("eval_fantom.py setup_fantom: with the full context the Y/N questions and the list of an accessible set with an absent character join the main score", () => {
    // an accessible set as set 1-0-1 of the release: one character was never in the conversation
    const questions = set("1-0-1", "accessible", { noLong: true }).map((q) =>
      ["answerability_binary", "info_access_binary", "answerability_list", "info_access_list"].includes(String(family(q))) ? { ...q, tags: { ...q.tags, full_context_accessibility: "inaccessible" } } : q,
    );
    const short = fantom.summarize(answerAll(questions, "p1", gold, { view: "short" }), { view: "short" });
    expect(short.tables.map((t) => t.id)).toEqual(["accessible"]);
    const full = fantom.summarize(answerAll(questions, "p1", gold, { view: "full" }), { view: "full" });
    const main = table(full, "inaccessible");
    expect(row(main, "AnswerabilityQ[Y/N]")).toMatchObject({ n: 2 });
    expect(row(main, "InfoAccessQ[list]")).toMatchObject({ n: 1 });
    expect(row(main, "BeliefQ[choice]")).toBeUndefined();
    expect(row(table(full, "accessible"), "BeliefQ[choice]")).toMatchObject({ n: 1 });
  });

  it("eval_fantom.py score_and_analyze: Y/N weighted F1, BeliefQ[dist.] token F1 over the answers judged right, and FactQ token F1 are figures", () => {
    const questions = [...set("0-0-0", "inaccessible"), ...set("0-0-1", "inaccessible")];
    const binaries = questions.filter((q) => family(q) === "answerability_binary");
    // truth [yes, no, yes, no] → [1, 0, 1, 0]; answers [yes, yes, unreadable, no] → [1, 1, -1, 0]
    const says = new Map<ScoringQuestion, unknown>([[binaries[0]!, "yes"], [binaries[1]!, "yes"], [binaries[2]!, undefined], [binaries[3]!, "no"]]);
    const items = answerAll(questions, "p1", (q) => {
      if (says.has(q)) return says.get(q);
      if (family(q) === "belief_dist" && q.sourceId === "0-0-1") return "Gianna believes Sara trained Snowflake.";
      if (family(q) === "fact") return "Sara trained pets.";
      return gold(q);
    });
    const s = fantom.summarize(items, { view: "short" });
    // scikit-learn: f1_score([1,0,1,0], [1,1,-1,0], average="weighted") = 0.5833333333333333
    expect(figure(s, "answerability_yn_weighted_f1")).toMatchObject({ n: 4 });
    expect(figure(s, "answerability_yn_weighted_f1")!.value).toBeCloseTo(0.5833333333333333, 15);
    expect(figure(s, "info_access_yn_weighted_f1")).toMatchObject({ value: 1, n: 4 });
    // only the right BeliefQ[dist.] answer (the gold text itself, F1 1) enters the mean, not the wrong one
    expect(figure(s, "belief_dist_token_f1")).toMatchObject({ value: 1, n: 1 });
    // "sara trained pets." vs "sara and javier trained their pets." (lower-cased): 3 shared of 3 and 6 tokens
    expect(figure(s, "fact_token_f1")!.value).toBeCloseTo((2 * 1 * 0.5) / 1.5, 15);
    expect(s.notes.join(" ")).toContain("token F1");
  });
});
