import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoringOf } from "@/lib/benchmarks/registry";
import type { ReportTable } from "@/lib/benchmarks/report";
import { answerAll, goldAnswer, loadSample, sampleDir } from "./samples";

const { dir, present } = sampleDir("exploretom");
const explore = scoringOf("exploretom");
const counts = (table: ReportTable | undefined) => Object.fromEntries((table?.rows ?? []).map((r) => [Object.values(r.group).join("|"), [r.n, r.correct]]));

describe.skipIf(!present)("ExploreToM on the format fixture (exploretom-format-fixture.csv)", async () => {
  const sample = present ? await loadSample(path.join(dir, "exploretom-format-fixture.csv"), "exploretom", "csv") : { records: [], issues: [] };
  type Row = Record<string, string> & { expected_answer: string };
  const raw = sample.records.map((r) => r.raw.value as Row);
  const parsed = sample.records.map((r) => r.parsed);

  it("ExploreToM compute_statistics.py: a model answer in a sentence, in any case, contains the expected answer and is right", () => {
    expect(sample.issues).toEqual([]);
    const items = answerAll("exploretom", parsed, (q) => explore.parse(q, `I think: ${String(goldAnswer(q)).toUpperCase()}.`));
    expect(explore.summarize(items, { view: null }).tables.find((t) => t.id === "overall")!.rows[0]).toMatchObject({ n: raw.length, correct: raw.length });
  });

  it('ExploreToM compute_statistics.py: swapping "knows about it" and "does not know about it" is wrong; counts by order, interest and belief follow the CSV cells', () => {
    const flip = (gold: string) => (gold === "does not know about it" ? "knows about it" : gold === "knows about it" ? "does not know about it" : gold);
    const items = answerAll("exploretom", parsed, (q) => flip(String(goldAnswer(q))));
    const s = explore.summarize(items, { view: null });
    const knowledge = raw.filter((r) => /know about it|knows about it/.test(r.expected_answer)).length;
    expect(knowledge).toBeGreaterThan(0);
    expect(s.tables.find((t) => t.id === "overall")!.rows[0]).toMatchObject({ n: raw.length, correct: raw.length - knowledge });
    const tally = (key: (r: Row) => string | null) => {
      const out: Record<string, [number, number]> = {};
      for (const r of raw) {
        const k = key(r);
        if (k === null) continue;
        const e = (out[k] ??= [0, 0]);
        e[0]++;
        e[1] += /know about it|knows about it/.test(r.expected_answer) ? 0 : 1;
      }
      return out;
    };
    expect(counts(s.tables.find((t) => t.id === "nth_order"))).toEqual(tally((r) => String(Number(r["qprop=nth_order"]))));
    expect(counts(s.tables.find((t) => t.id === "interesting"))).toEqual(tally((r) => (r["qprop=non_unique_mental_state"]!.toLowerCase() === "true" ? "interesting" : "uninteresting")));
    expect(counts(s.tables.find((t) => t.id === "belief"))).toEqual(
      tally((r) => {
        const m = /-(True|False)'\)$/.exec(r["qprop=params"]!);
        return m ? (m[1] === "False" ? "false belief" : "true belief") : null;
      }),
    );
  });

  it("ExploreToM §3: agreement per story view and story type, from the view each answer was given under", () => {
    const items = [...answerAll("exploretom", parsed, goldAnswer, { view: "structure" }), ...answerAll("exploretom", parsed, () => "no idea", { view: "infilled" })];
    const agreement = counts(explore.summarize(items, { view: null }).tables.find((t) => t.id === "agreement"));
    const types = new Map<string, number>();
    for (const r of raw) types.set(r["param=story_type"]!, (types.get(r["param=story_type"]!) ?? 0) + 1);
    // "no idea" contains "no": right on every question whose expected answer is "no", as the official rule decides
    const no = raw.filter((r) => r.expected_answer === "no").length;
    expect(agreement["structure|all"]).toEqual([raw.length, raw.length]);
    expect(agreement["infilled|all"]).toEqual([raw.length, no]);
    for (const [type, n] of types) expect(agreement[`structure|${type}`]).toEqual([n, n]);
  });
});
