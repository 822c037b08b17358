import path from "node:path";
import { describe, expect, it } from "vitest";
import { exploreTomReport } from "@/lib/benchmarks/exploretom/report";
import type { ReportTable } from "@/lib/benchmarks/report";
import { answerAll, goldAnswer, loadSample, sampleDir } from "./samples";

const { dir, present } = sampleDir("exploretom");

const counts = (table: ReportTable | undefined) => Object.fromEntries((table?.rows ?? []).map((r) => [Object.values(r.group).join("|"), [r.n, r.correct]]));

describe.skipIf(!present)("ExploreToM on the format fixture (exploretom-format-fixture.csv)", async () => {
  const sample = present ? await loadSample(path.join(dir, "exploretom-format-fixture.csv"), "exploretom", "csv") : { records: [], issues: [] };
  type Row = Record<string, string> & { expected_answer: string };
  const raw = sample.records.map((r) => r.raw.value as Row);
  const parsed = sample.records.map((r) => r.parsed);

  it("accepts short answers that differ only in case, articles and punctuation", () => {
    expect(sample.issues).toEqual([]);
    const results = answerAll(parsed, (q) => (q.kind === "short_text" ? `The ${String(goldAnswer(q)).toUpperCase()}.` : goldAnswer(q)));
    const report = exploreTomReport(results);
    expect(report.tables.find((t) => t.id === "overall")!.rows[0]).toMatchObject({ n: raw.length, correct: raw.length });
  });

  it('keeps "knows about it" and "does not know about it" apart, and counts by order, interest and belief', () => {
    const flip = (gold: string) => (gold === "does not know about it" ? "knows about it" : gold === "knows about it" ? "does not know about it" : gold);
    const results = answerAll(parsed, (q) => (q.kind === "short_text" ? flip(String(goldAnswer(q))) : goldAnswer(q)));
    const report = exploreTomReport(results);
    const knowledge = raw.filter((r) => /know about it|knows about it/.test(r.expected_answer)).length;
    expect(knowledge).toBeGreaterThan(0);
    expect(report.tables.find((t) => t.id === "overall")!.rows[0]).toMatchObject({ n: raw.length, correct: raw.length - knowledge });

    // expected counts straight from the CSV cells
    const tally = (key: (r: Row) => string | null) => {
      const out: Record<string, [number, number]> = {};
      for (const r of raw) {
        const k = key(r);
        if (k === null) continue;
        const wrong = /know about it|knows about it/.test(r.expected_answer) ? 1 : 0;
        const e = (out[k] ??= [0, 0]);
        e[0]++;
        e[1] += 1 - wrong;
      }
      return out;
    };
    expect(counts(report.tables.find((t) => t.id === "nth_order"))).toEqual(tally((r) => String(Number(r["qprop=nth_order"]))));
    expect(counts(report.tables.find((t) => t.id === "interesting"))).toEqual(
      tally((r) => (r["qprop=non_unique_mental_state"]!.toLowerCase() === "true" ? "interesting" : "uninteresting")),
    );
    expect(counts(report.tables.find((t) => t.id === "belief"))).toEqual(
      tally((r) => {
        const m = /-(True|False)'\)$/.exec(r["qprop=params"]!);
        return m ? (m[1] === "False" ? "false belief" : "true belief") : null;
      }),
    );
  });

  it("reports agreement per story view when the view read is given as the window", () => {
    const results = [...answerAll(parsed, goldAnswer, { window: "structure" }), ...answerAll(parsed, () => "no idea", { window: "infilled" })];
    const view = exploreTomReport(results).tables.find((t) => t.id === "view");
    expect(counts(view)).toEqual({ structure: [raw.length, raw.length], infilled: [raw.length, 0] });
  });
});
