import path from "node:path";
import { describe, expect, it } from "vitest";
import { scorePrediction } from "@/lib/benchmarks/prediction";
import { scoringOf } from "@/lib/benchmarks/registry";
import type { ReportTable } from "@/lib/benchmarks/report";
import type { ScoredItem, ScoringQuestion } from "@/lib/benchmarks/scoring";
import { answerAll, asScoring, goldAnswer, loadSample, sampleDir } from "./samples";

const { dir, present } = sampleDir("fantom");
const fantom = scoringOf("fantom");

interface RawBinary {
  question: string;
  correct_answer: string;
  missed_info_accessibility: string;
}
interface RawSet {
  set_id: string;
  beliefQAs: { missed_info_accessibility: string }[];
  answerabilityQA_list: { missed_info_accessibility: string; wrong_answer: string[] };
  infoAccessibilityQAs_binary: RawBinary[];
  answerabilityQAs_binary: RawBinary[];
}

const rowOf = (t: ReportTable | undefined, type: string) => t?.rows.find((r) => r.group.type === type);

/** What a model would write for the gold answer: "(b)", "Sara and Javier", "Yes.", the text. */
function modelText(q: ScoringQuestion): unknown {
  const g = q.gold;
  if (g.kind === "single_choice") return `(${"ab"[g.index]}) ${q.options![g.index]}`;
  if (g.kind === "multi_select") return g.values.length ? g.values.join(" and ") : "Nobody.";
  if (g.kind === "yes_no") return g.value === "yes" ? "Yes." : "No.";
  return goldAnswer(q);
}

describe.skipIf(!present)("FANToM on the real sample (sets 0-0-0 … 1-0-1)", async () => {
  const sample = present ? await loadSample(path.join(dir, "fantom_v1.json.sample"), "fantom", "json_array") : { records: [], issues: [] };
  const raw = sample.records.map((r) => r.raw.value as RawSet);
  const parsed = sample.records.map((r) => r.parsed);
  const binaries = raw.flatMap((s) => [...s.infoAccessibilityQAs_binary, ...s.answerabilityQAs_binary]);

  it("eval_fantom.py: the gold answers, given as a model's raw text, are all read back and scored right", () => {
    expect(sample.issues).toEqual([]);
    for (const record of parsed) {
      for (const input of record.questions) {
        const q = asScoring(input, record.sourceId);
        const { answer, score } = scorePrediction(fantom, q, modelText(q), { view: "full" });
        expect(answer).not.toBeNull();
        if (q.tags.question_family === "fact") expect(score).toMatchObject({ correct: null, graded: 1 });
        else expect([q.id, score.correct]).toEqual([q.id, true]);
      }
    }
  });

  it('eval_fantom.py run_reports: with the short context every "no:long" Y/N answer is left out, and ALL counts each inaccessible set once', () => {
    const items = answerAll("fantom", parsed, goldAnswer, { view: "short" });
    const s = fantom.summarize(items, { view: "short" });
    const noLong = binaries.filter((b) => b.correct_answer === "no:long").length;
    expect(noLong).toBeGreaterThan(0);
    expect(s.notes[0]).toBe(`${noLong} Y/N answers whose gold is "no:long" are left out, as eval_fantom.py does with the short context.`);
    const main = s.tables.find((t) => t.id === "inaccessible");
    const inaccessibleSets = raw.filter((r) => [...r.beliefQAs, r.answerabilityQA_list].some((q) => q.missed_info_accessibility === "inaccessible")).length;
    expect(s.sets).toEqual({ all: 1, allStar: 1, n: inaccessibleSets });
    const shortBinaries = binaries.filter((b) => b.correct_answer !== "no:long" && b.missed_info_accessibility === "inaccessible");
    const yn = (rowOf(main, "AnswerabilityQ[Y/N]")?.n ?? 0) + (rowOf(main, "InfoAccessQ[Y/N]")?.n ?? 0);
    expect(yn).toBe(shortBinaries.length);
  });

  it("eval_fantom.py setup_fantom: with the full context set 1-0-1 (accessible, with a character absent throughout) puts its lists and Y/N questions in the main score", () => {
    const accessible = raw.find((r) => r.set_id === "1-0-1")!;
    expect(accessible.answerabilityQA_list.missed_info_accessibility).toBe("accessible");
    expect(accessible.answerabilityQA_list.wrong_answer.length).toBeGreaterThan(0);
    const items = answerAll("fantom", parsed, goldAnswer, { view: "full" });
    const s = fantom.summarize(items, { view: "full" });
    const main = s.tables.find((t) => t.id === "inaccessible");
    // every set now has its lists in the main score; every Y/N question (no:long kept) is there too
    expect(rowOf(main, "AnswerabilityQ[list]")?.n).toBe(raw.length);
    expect((rowOf(main, "AnswerabilityQ[Y/N]")?.n ?? 0) + (rowOf(main, "InfoAccessQ[Y/N]")?.n ?? 0)).toBe(binaries.length);
    expect(s.sets?.n).toBe(raw.length);
    const byType = new Set(items.map((i: ScoredItem) => fantom.typeOf(i.question, { view: "full" })));
    expect(byType.has("AnswerabilityQ[Y/N] (control)")).toBe(false);
    expect(byType.has("BeliefQ[choice] (control)")).toBe(true);
  });

  it("eval_fantom.py score_and_analyze: one wrong Y/N answer in set 0-0-0 fails that set's ALL and AnswerabilityQ All only", () => {
    const flipped = parsed[0]!.questions.find((q) => q.tags.question_family === "answerability_binary" && q.gold.kind === "yes_no" && q.gold.value === "yes")!;
    const before = fantom.summarize(answerAll("fantom", parsed), { view: "short" });
    const after = fantom.summarize(
      answerAll("fantom", parsed, (q) => (q.position === flipped.position && q.sourceId === "0-0-0" ? "no" : goldAnswer(q))),
      { view: "short" },
    );
    const main = (s: typeof before) => s.tables.find((t) => t.id === "inaccessible");
    expect(rowOf(main(after), "All")!.correct).toBe(rowOf(main(before), "All")!.correct - 1);
    expect(rowOf(main(after), "AnswerabilityQ All")!.correct).toBe(rowOf(main(before), "AnswerabilityQ All")!.correct - 1);
    expect(rowOf(main(after), "InfoAccessQ All")).toEqual(rowOf(main(before), "InfoAccessQ All"));
    expect(after.figures.find((f) => f.key === "answerability_yn_weighted_f1")!.value).toBeLessThan(1);
  });
});
