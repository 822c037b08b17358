import path from "node:path";
import { describe, expect, it } from "vitest";
import { diamondsReport } from "@/lib/benchmarks/diamonds/report";
import { scoreAnswer } from "@/lib/benchmarks/score";
import { answerAll, loadSample, sampleDir } from "./samples";

const { dir, present } = sampleDir("diamonds");

describe.skipIf(!present)("DIAMONDs on the real underspecified sample", async () => {
  const sample = present ? await loadSample(path.join(dir, "underspec-conv-QA.jsonl.sample"), "diamonds", "json_array") : { records: [], issues: [] };
  const raw = sample.records.map((r) => r.raw.value as { participant: string; conv_access_grp: string[][]; answer: string });
  const parsed = sample.records.map((r) => r.parsed);
  const oracle = raw.filter((r) => r.participant === "Oracle").length;
  const participants = raw.length - oracle;

  it('scores "unanswerable" right and any number wrong on every underspecified question', () => {
    expect(sample.issues).toEqual([]);
    expect(raw.every((r) => r.answer === "Unanswerable")).toBe(true);
    for (const q of parsed.flatMap((p) => p.questions)) {
      expect(scoreAnswer(q, "unanswerable")).toMatchObject({ scored: true, correct: true });
      expect(scoreAnswer(q, 0)).toMatchObject({ scored: true, correct: false });
      expect(scoreAnswer(q, 1250)).toMatchObject({ scored: true, correct: false });
    }
  });

  it("reports omniscient and participant-centric apart: Oracle marked unanswerable, participants given a number", () => {
    const results = answerAll(parsed, (q) => (q.tags.perspective === "omniscient" ? "unanswerable" : 100));
    const report = diamondsReport(results);
    const rows = report.tables.find((t) => t.id === "perspective")!.rows;
    expect(rows.map((r) => [r.group.variant, r.group.perspective, r.n, r.correct])).toEqual([
      ["underspecified", "omniscient", oracle, oracle],
      ["underspecified", "participant-centric", participants, 0],
      ["underspecified", "overall", raw.length, oracle],
    ]);
    expect(report.notes.join(" ")).toContain("omniscient questions only");
  });

  it("splits participant-centric questions into true and false belief by the access-group tag (no numeric golds to compare)", () => {
    const report = diamondsReport(answerAll(parsed, () => "unanswerable"));
    const outside = raw.filter((r) => r.participant !== "Oracle" && !r.conv_access_grp.find((g) => g.includes(r.participant))!.includes("Oracle")).length;
    const belief = report.tables.find((t) => t.id === "belief")!.rows;
    expect(belief.map((r) => [r.group.belief, r.n, r.correct])).toEqual([
      ["true belief", participants - outside, participants - outside],
      ["false belief", outside, outside],
    ]);
    expect(report.notes[0]).toContain(`0 participant-centric results classed by comparing`);
  });
});
