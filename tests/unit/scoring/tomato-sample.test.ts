import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoringOf } from "@/lib/benchmarks/registry";
import { answerAll, goldAnswer, loadSample, sampleDir } from "./samples";

const { dir, present } = sampleDir("tomato");
const tomato = scoringOf("tomato");

describe.skipIf(!present)("ToMATO on the real sample (tomato_fb.json)", async () => {
  const sample = present ? await loadSample(path.join(dir, "tomato_fb.json.sample"), "tomato", "json_array") : { records: [], issues: [] };
  const first = sample.records.slice(0, 40);
  const raw = first.map((r) => r.raw.value as { mental_state: string; order: number; false_belief: boolean; a_idx: number });
  const parsed = first.map((r) => r.parsed);
  const wrongAt = new Set([2, 7, 11]);

  it("ToMATO Table 3: every question of the false-belief file is in its FB column, none in 2nd order, with the order kept in order_raw", () => {
    expect(sample.issues).toEqual([]);
    expect(raw.every((r) => r.false_belief && r.order === 2)).toBe(true);
    const questions = parsed.flatMap((p) => p.questions);
    expect(questions.every((q) => q.tags.order === "false_belief" && q.tags.order_raw === 2 && q.tags.false_belief === true)).toBe(true);
    const items = answerAll("tomato", parsed, (q, record) => {
      const gold = goldAnswer(q) as number;
      return wrongAt.has(parsed.indexOf(record)) ? (gold + 1) % 4 : gold;
    });
    const s = tomato.summarize(items, { view: null });
    const rows = s.tables[0]!.rows;
    expect(rows.filter((r) => r.group.order === "2nd" || r.group.order === "1st")).toEqual([]);
    const expected = new Map<string, [number, number]>();
    raw.forEach((r, i) => {
      const e = expected.get(r.mental_state) ?? [0, 0];
      expected.set(r.mental_state, [e[0] + 1, e[1] + (wrongAt.has(i) ? 0 : 1)]);
    });
    const got = new Map(rows.filter((r) => r.group.order === "FB").map((r) => [r.group.mental_state!, [r.n, r.correct] as [number, number]]));
    expect(got).toEqual(expected);
    expect(rows.at(-1)).toMatchObject({ group: { mental_state: "ALL" }, n: 40, correct: 37 });
    // rows follow the paper's order of mental states (B, I, D, E, K)
    const paper = ["belief", "intention", "desire", "emotion", "knowledge"];
    const states = rows.slice(0, -1).map((r) => r.group.mental_state!);
    expect(states).toEqual([...states].sort((a, b) => paper.indexOf(a) - paper.indexOf(b)));
  });

  it("ToMATO run_gpt.py extract_answer_from_response: the gold letter in brackets, as a model writes it, is right on every real question", () => {
    for (const item of answerAll("tomato", parsed, (q) => tomato.parse(q, `My answer: [${"ABCD"[goldAnswer(q) as number]}]`))) {
      expect(item.score.correct).toBe(true);
    }
  });
});
