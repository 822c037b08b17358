import path from "node:path";
import { describe, expect, it } from "vitest";
import { tomatoReport } from "@/lib/benchmarks/tomato/report";
import { answerAll, goldAnswer, loadSample, sampleDir } from "./samples";

const { dir, present } = sampleDir("tomato");

describe.skipIf(!present)("ToMATO on the real sample (tomato_fb.json)", async () => {
  const sample = present ? await loadSample(path.join(dir, "tomato_fb.json.sample"), "tomato", "json_array") : { records: [], issues: [] };
  const first10 = sample.records.slice(0, 10);
  const raw = first10.map((r) => r.raw.value as { mental_state: string; order: number; false_belief: boolean; a_idx: number });
  const wrongAt = new Set([2, 7]);

  it("counts the first 10 questions, two answered wrong, per mental state × order", () => {
    expect(sample.issues).toEqual([]);
    const parsed = first10.map((r) => r.parsed);
    const results = answerAll(parsed, (q, record) => {
      const i = parsed.indexOf(record);
      const gold = goldAnswer(q) as number;
      return wrongAt.has(i) ? (gold + 1) % 4 : gold;
    });
    const report = tomatoReport(results);

    // expected, straight from the source records
    const expected = new Map<string, { n: number; correct: number }>();
    raw.forEach((r, i) => {
      const key = `${r.mental_state}|${r.order === 1 ? "1st" : "2nd"}`;
      const e = expected.get(key) ?? { n: 0, correct: 0 };
      e.n++;
      if (!wrongAt.has(i)) e.correct++;
      expected.set(key, e);
    });
    const table = report.tables.find((t) => t.id === "mental_state_order")!;
    const got = new Map(table.rows.map((r) => [`${r.group.mental_state}|${r.group.order}`, { n: r.n, correct: r.correct }]));
    expect(got).toEqual(expected);
    // rows follow the paper's order of mental states (B, I, D, E, K)
    const states = table.rows.map((r) => r.group.mental_state);
    const paper = ["belief", "intention", "desire", "emotion", "knowledge"];
    expect(states).toEqual([...states].sort((a, b) => paper.indexOf(a!) - paper.indexOf(b!)));

    // every question of this file is in the false-belief subset
    expect(raw.every((r) => r.false_belief && r.order === 2)).toBe(true);
    const fb = report.tables.find((t) => t.id === "false_belief")!;
    expect(fb.rows.at(-1)).toMatchObject({ group: { mental_state: "All" }, n: 10, correct: 8, accuracy: 0.8 });
    expect(report.tables.find((t) => t.id === "overall")!.rows[0]).toMatchObject({ n: 10, correct: 8 });
    expect(report.unscored).toBe(0);
  });
});
