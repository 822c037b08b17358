import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoringOf } from "@/lib/benchmarks/registry";
import { answerAll, loadSample, sampleDir } from "./samples";

const { dir, present } = sampleDir("diamonds");
const diamonds = scoringOf("diamonds");

describe.skipIf(!present)("DIAMONDs on the real underspecified sample", async () => {
  const sample = present ? await loadSample(path.join(dir, "underspec-conv-QA.jsonl.sample"), "diamonds", "json_array") : { records: [], issues: [] };
  const raw = sample.records.map((r) => r.raw.value as { participant: string; conv_access_grp: string[][]; answer: string });
  const parsed = sample.records.map((r) => r.parsed);
  const oracle = raw.filter((r) => r.participant === "Oracle").length;
  const participants = raw.length - oracle;

  it('DIAMONDs README get_ans_equivalence: on every underspecified question "N/A" (as a model writes it) is right and any number wrong', () => {
    expect(sample.issues).toEqual([]);
    expect(raw.every((r) => r.answer === "Unanswerable")).toBe(true);
    const said = answerAll("diamonds", parsed, (q) => diamonds.parse(q, "N/A"));
    expect(said.every((i) => i.score.correct === true)).toBe(true);
    const numbers = answerAll("diamonds", parsed, (q) => diamonds.parse(q, "$1,250"));
    expect(numbers.every((i) => i.score.correct === false && i.score.normalized === "1250")).toBe(true);
  });

  it("DIAMONDs Table 3 and get_answerability_equivalence: Oracle marked unanswerable, participants given a number", () => {
    const items = answerAll("diamonds", parsed, (q) => (q.tags.perspective === "omniscient" ? null : 100));
    const s = diamonds.summarize(items, { view: null });
    expect(s.tables[0]!.rows.map((r) => [r.group.variant, r.group.perspective, r.n, r.correct])).toEqual([
      ["underspecified", "Omniscient", oracle, oracle],
      ["underspecified", "Participant-centric", participants, 0],
      ["underspecified", "Overall", raw.length, oracle],
    ]);
    expect(s.figures[0]).toMatchObject({ key: "answerability_accuracy", value: oracle / raw.length, n: raw.length });
  });

  it("DIAMONDs Table 2: participant-centric questions split by the access-group tag (no numeric golds to compare)", () => {
    const s = diamonds.summarize(answerAll("diamonds", parsed, () => null), { view: null });
    const outside = raw.filter((r) => r.participant !== "Oracle" && !r.conv_access_grp.find((g) => g.includes(r.participant))!.includes("Oracle")).length;
    expect(s.tables[1]!.rows.map((r) => [r.group.belief, r.n, r.correct])).toEqual([
      ["true belief", participants - outside, participants - outside],
      ["false belief", outside, outside],
    ]);
    expect(s.notes[0]).toContain("0 participant-centric answers classed by comparing");
  });
});
