import path from "node:path";
import { describe, expect, it } from "vitest";
import { fantomReport } from "@/lib/benchmarks/fantom/report";
import type { ReportRow, ReportTable } from "@/lib/benchmarks/report";
import { answerSchemaFor, scoreAnswer } from "@/lib/benchmarks/score";
import { answerAll, goldAnswer, loadSample, sampleDir } from "./samples";

const { dir, present } = sampleDir("fantom");

interface RawSet {
  set_id: string;
  beliefQAs: { missed_info_accessibility: string }[];
  infoAccessibilityQAs_binary: { correct_answer: string; missed_info_accessibility: string }[];
  answerabilityQAs_binary: { correct_answer: string; missed_info_accessibility: string }[];
  answerabilityQA_list: { missed_info_accessibility: string };
}

const find = (table: ReportTable | undefined, type: string): ReportRow => {
  const row = table?.rows.find((r) => r.group.type === type);
  if (!row) throw new Error(`no row ${type}`);
  return row;
};

describe.skipIf(!present)("FANToM on the real sample (sets 0-0-0 … 1-0-1)", async () => {
  const sample = present ? await loadSample(path.join(dir, "fantom_v1.json.sample"), "fantom", "json_array") : { records: [], issues: [] };
  const raw = sample.records.map((r) => r.raw.value as RawSet);
  const parsed = sample.records.map((r) => r.parsed);

  it("imports cleanly, and every gold answer passes the answer schema and scores right", () => {
    expect(sample.issues).toEqual([]);
    expect(parsed.map((p) => p.sourceId)).toEqual(["0-0-0", "0-0-1", "1-0-0", "1-0-1"]);
    for (const q of parsed.flatMap((p) => p.questions)) {
      const answer = answerSchemaFor(q.kind, q).parse(goldAnswer(q));
      const score = scoreAnswer(q, answer);
      // free text (FactQ, BeliefQ[dist.]) is not machine-scored; everything else is right
      expect(score.scored ? score : q.kind).toEqual(score.scored ? { scored: true, correct: true, score: 1 } : "free_text");
    }
  });

  it("answering everything right gives 100% on every type and every All, with free text unscored", () => {
    const report = fantomReport(answerAll(parsed));
    const inaccessible = raw.filter((s) => s.answerabilityQA_list.missed_info_accessibility === "inaccessible").length;
    const accessibleSets = raw.filter((s) => [...s.beliefQAs, s.answerabilityQA_list].some((q) => q.missed_info_accessibility === "accessible")).length;
    const main = report.tables.find((t) => t.id === "inaccessible");
    const control = report.tables.find((t) => t.id === "accessible");
    expect(find(main, "All")).toMatchObject({ unit: "set", n: inaccessible, correct: inaccessible, accuracy: 1 });
    expect(find(control, "All")).toMatchObject({ n: accessibleSets, correct: accessibleSets });
    for (const table of [main, control]) for (const row of table!.rows) if (row.n) expect(row.accuracy).toBe(1);
    // FactQ and BeliefQ[dist.] are free text: unscored, never wrong
    expect(find(main, "FactQ")).toMatchObject({ n: 0, unscored: raw.length, accuracy: null });
    const beliefs = raw.flatMap((s) => s.beliefQAs);
    expect(find(main, "BeliefQ[dist.]").unscored + find(control, "BeliefQ[dist.]").unscored).toBe(beliefs.length);
    expect(report.unscored).toBe(raw.length + beliefs.length);
  });

  it("set 0-0-0 with one Y/N wrong: its All is wrong, and only that type loses exactly one item", () => {
    const allRight = fantomReport(answerAll(parsed));
    const flipped = parsed[0]!.questions.find((q) => q.tags.question_family === "answerability_binary" && q.tags.missed_info_accessibility === "inaccessible")!;
    const results = answerAll(parsed, (q, record) => {
      const gold = goldAnswer(q);
      if (record.sourceId === "0-0-0" && q === flipped) return gold === "yes" ? "no" : "yes";
      return gold;
    });
    const report = fantomReport(results);
    const before = allRight.tables.find((t) => t.id === "inaccessible");
    const after = report.tables.find((t) => t.id === "inaccessible");
    expect(find(after, "All").correct).toBe(find(before, "All").correct - 1);
    expect(find(after, "All").n).toBe(find(before, "All").n);
    expect(find(after, "AnswerabilityQ All").correct).toBe(find(before, "AnswerabilityQ All").correct - 1);
    expect(find(after, "InfoAccessQ All")).toEqual(find(before, "InfoAccessQ All"));
    for (const type of ["BeliefQ[choice]", "AnswerabilityQ[list]", "InfoAccessQ[list]", "InfoAccessQ[Y/N]"]) expect(find(after, type)).toEqual(find(before, type));
    const yn = find(after, "AnswerabilityQ[Y/N]");
    expect(yn.n).toBe(find(before, "AnswerabilityQ[Y/N]").n);
    expect(yn.correct).toBe(yn.n - 1);
    // the control task does not move
    expect(report.tables.find((t) => t.id === "accessible")).toEqual(allRight.tables.find((t) => t.id === "accessible"));
  });

  it('scores "no:long" characters as "no", and can leave them out as the short-context eval does', () => {
    const noLong = raw.flatMap((s) => [...s.infoAccessibilityQAs_binary, ...s.answerabilityQAs_binary]).filter((b) => b.correct_answer === "no:long").length;
    expect(noLong).toBeGreaterThan(0);
    const results = answerAll(parsed, (q) => (q.gold.kind === "yes_no" && q.gold.raw === "no:long" ? "no" : goldAnswer(q)));
    const full = fantomReport(results);
    const dropped = fantomReport(results, { dropNoLong: true });
    const binaries = (r: typeof full) => r.tables.flatMap((t) => t.rows).filter((row) => row.group.type?.endsWith("[Y/N]")).reduce((s, row) => s + row.n, 0);
    expect(binaries(full) - binaries(dropped)).toBe(noLong);
    expect(full.tables.flatMap((t) => t.rows).every((row) => row.n === 0 || row.accuracy === 1)).toBe(true);
  });

  it("a list answer with every knower plus one non-knower is wrong (no partial credit)", () => {
    const list = parsed[0]!.questions.find((q) => q.tags.question_family === "info_access_list")!;
    if (list.gold.kind !== "multi_select") throw new Error("not a list");
    expect(scoreAnswer(list, list.gold.values)).toMatchObject({ correct: true });
    expect(scoreAnswer(list, [...list.gold.values, list.gold.exclude![0]!])).toMatchObject({ correct: false });
    expect(scoreAnswer(list, list.gold.values.slice(1))).toMatchObject({ correct: false });
  });
});
