import { randomUUID } from "node:crypto";
import { unzipSync } from "fflate";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { can } from "@/lib/auth/permissions";
import { importDataset } from "@/lib/datasets/import";
import { importMetrics } from "@/lib/datasets/metrics";
import { importPredictions } from "@/lib/datasets/predictions";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { designOf, type Study } from "@/lib/designs";
import { bootstrapMean } from "@/lib/metrics";
import { enterStudy } from "@/lib/participants/entry";
import { reportText } from "@/lib/cli/report-text";
import { studyRelease } from "@/lib/release/release";
import { studyReport } from "@/lib/studies/report";
import { studyResults } from "@/lib/studies/results";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { participantApi } from "../support/participant-routes";
import { collect } from "../support/chunks";
import { fixture } from "../support/paths";

// CharToM-QA's human scoring of model answers (Appendix E) as raters do it: annotator accounts
// enter the study, then the participant API's real route handlers (consent, next, submit) are
// called with the participant cookie the study link sets. Three models' answers are imported
// with their ROUGE-L values; two raters score all nine answers with arranged scores; the mean
// per model, and Pearson and Spearman against each metric, are checked against values computed
// here from first principles. No payload a rater receives names a model.
process.env.NEXTAUTH_SECRET ??= "rating-study-test-secret-0123456789";

const MODELS = ["zeta-alpha-llm", "zeta-beta-llm", "zeta-gamma-llm"];
const PENALTIES = ["Factual error about the plot", "Logical error"];

// the fixture's generative questions are position 1 of items 0–2; item 0 has two bonus points
// ("Elsa is relieved.", "Her brother is safe."), item 1 one ("The quarrel is over."), item 2 none
const ANSWERS = [
  ["Elsa is relieved because her brother is safe.", "Elsa is relieved.", "She is angry at the storm."],
  ["Elsa thinks the quarrel is over.", "She believes the quarrel is over now.", "She does not care."],
  ["Jon keeps the route hidden from the rival crew.", "Jon wants to sell it.", "Jon is tired."],
];
// Sally's lexical coverage of those answers: all, one of two, none; all, all, none; (no bonus points)
const COVERAGE = [[1, 0.5, 0], [1, 1, 0]];
// an imported metric with ties in it (0.3 three times, 0.4 twice)
const ROUGE = [[0.5, 0.3, 0.3], [0.4, 0.3, 0.1], [0.6, 0.4, 0.2]];
// each rater's score per question × model
const SCORES = [
  [[1, 0.5, 0.25], [0.75, 0.5, 0], [1, 0.75, 0.25]],
  [[0.75, 0.5, 0.5], [0.75, 0.25, 0], [1, 0.5, 0.25]],
];
const human = (q: number, m: number) => (SCORES[0]![q]![m]! + SCORES[1]![q]![m]!) / 2;

// Pearson's r and Spearman's ρ (average ranks for ties) from their definitions, and the Fisher-z interval
function r(x: number[], y: number[]): number {
  const mx = x.reduce((a, b) => a + b) / x.length;
  const my = y.reduce((a, b) => a + b) / y.length;
  let sxy = 0, sxx = 0, syy = 0;
  x.forEach((xi, i) => {
    sxy += (xi - mx) * (y[i]! - my);
    sxx += (xi - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}
const ranks = (v: number[]) => v.map((a) => v.filter((b) => b < a).length + (v.filter((b) => b === a).length + 1) / 2);
const fisher = (value: number, n: number) => [Math.tanh(Math.atanh(value) - 1.959963984540054 / Math.sqrt(n - 3)), Math.tanh(Math.atanh(value) + 1.959963984540054 / Math.sqrt(n - 3))];

type Row = { metric: string; n: number; pearson: number; spearman: number; pearsonCi95: [number, number] };
type ModelRow = { model: string; n: number; meanScore: number; ci95: [number, number] };

const user = (role: "researcher" | "annotator") => createUser({ actorId: null, input: { email: `${role}-${randomUUID()}@x.test`, name: role, role, password: "0123456789ab" } });

async function setUp() {
  const researcher = await user("researcher");
  const actor = { id: researcher.id, role: researcher.role };
  const ds = await importDataset({ file: fixture("chartom/valid.jsonl"), benchmark: "chartom", ownerId: researcher.id, asNewVersion: true });
  const dir = os.tmpdir();
  const predictions = path.join(dir, `rating-preds-${randomUUID()}.jsonl`);
  const lines = ANSWERS.flatMap((row, q) => row.map((answer, m) => ({ sourceId: `item-${q}`, question: 1, model: MODELS[m], answer })));
  // a choice-form answer too: only free-text answers are rated
  lines.push({ sourceId: "item-0", question: 0, model: MODELS[0], answer: "2" });
  await writeFile(predictions, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  expect((await importPredictions({ datasetId: ds.datasetId, file: predictions })).imported).toBe(10);
  const metrics = path.join(dir, `rating-metrics-${randomUUID()}.csv`);
  await writeFile(metrics, ["sourceId,question,model,metric,value", ...ROUGE.flatMap((row, q) => row.map((v, m) => `item-${q},1,${MODELS[m]},rouge_l,${v}`))].join("\n") + "\n");
  expect((await importMetrics({ datasetId: ds.datasetId, file: metrics })).imported).toBe(9);

  const spec = { design: "rating", unit: "question", n: 2, entryMode: "annotators", models: MODELS, scale: { min: 0, max: 1, step: 0.25 }, penalties: PENALTIES };
  const { id } = await createStudy({ actor, spec: parseSpec({ name: "CharToM-QA answer rating", dataset: ds.datasetId, ...spec }) });
  await changeStudyState({ actor, studyId: id, to: "open" });
  return { study: (await readStudy(pool(), { id }))! };
}

async function rater(study: Study) {
  const account = await user("annotator");
  const { participant } = await enterStudy({ publicCode: study.publicCode, params: {}, cookieParticipantId: null, user: { id: account.id, canAnnotate: can(account, "studies.annotate") } });
  const api = participantApi(study.publicCode, participant.id, 20_000);
  await api.consent();
  return { api, participantId: participant.id };
}

describe("a CharToM-QA rating study (3 imported models, 2 annotator accounts)", () => {
  it("rates each answer blind to the model, N times, and correlates the mean human score with each metric", async () => {
    const { study } = await setUp();
    const units = await db().studyUnit.findMany({ where: { studyId: study.id }, include: { question: true } });
    expect(units).toHaveLength(9); // one per generative question × model; the choice-form answer is not a unit
    const where = new Map(units.map((u) => [u.id, { q: Number(u.question!.sourceId.slice(5)), m: MODELS.indexOf(u.model!) }]));

    const received: string[][] = [];
    for (let k = 0; k < 2; k++) {
      const { api, participantId } = await rater(study);
      const order: string[] = [];
      for (let step = 0; ; step++) {
        const { text, body } = await api.next();
        for (const model of MODELS) expect(text).not.toContain(model);
        expect(text).not.toMatch(/zeta-/);
        if (body.status === "done") break;
        const unit = body.unit!;
        const unitId = (await db().assignment.findUniqueOrThrow({ where: { id: unit.assignmentId } })).unitId;
        const { q, m } = where.get(unitId)!;
        order.push(`${q}:${m}`);
        expect(unit.modelAnswer).toBe(ANSWERS[q]![m]);
        expect(unit.rating).toEqual({ answer: ANSWERS[q]![m], scale: { min: 0, max: 1, step: 0.25 }, penalties: PENALTIES });
        expect(unit.questions).toEqual([expect.objectContaining({ kind: "free_text", answer: false, reference: expect.any(String) })]);
        expect(((unit.questions as { bonusPoints?: string[] }[])[0]!.bonusPoints ?? []).length).toBe([2, 1, 0][q]);
        if (step === 0) {
          const off = await api.submit(unit.assignmentId, { score: 0.3 });
          expect(off.status).toBe(422);
          expect((off.body.invalid_params as { name: string }[])[0]!.name).toBe("payload.score");
          expect((await api.submit(unit.assignmentId, { score: 0.5, penalties: ["made up"] })).status).toBe(422);
        }
        const penalties = SCORES[k]![q]![m]! < 0.5 ? [PENALTIES[0]] : [];
        expect((await api.submit(unit.assignmentId, { score: SCORES[k]![q]![m], penalties, comment: `rater ${k}` })).status).toBe(201);
      }
      expect(order).toHaveLength(9);
      expect(await db().response.count({ where: { participantId } })).toBe(9);
      received.push(order);
    }

    const results = await studyResults(study);
    // what `sally report --study <id> --json` prints
    const report = (await studyReport(study)) as Record<string, unknown>;
    expect(results.progress).toMatchObject({ units: 9, complete: 9, responses: 18, participants: 2 });

    // mean human score per model, over its answers' mean ratings, with the percentile bootstrap of lib/metrics
    const models = report.models as ModelRow[];
    expect(models.map((x) => x.model)).toEqual(MODELS);
    models.forEach((row, m) => {
      const means = [0, 1, 2].map((q) => human(q, m));
      expect(row.n).toBe(3);
      expect(row.meanScore).toBeCloseTo(means.reduce((a, b) => a + b) / 3, 12);
      const boot = bootstrapMean(means, { seed: 1, resamples: 2000 }) as { lower: number; upper: number };
      expect(row.ci95).toEqual([boot.lower, boot.upper]);
    });

    // `sally report` without --json prints each model's mean rating, not a (missing) accuracy
    const text = reportText(report);
    expect(text).toContain("Ratings by model");
    expect(text).toMatch(/^Agreement on the score: Krippendorff α \(interval\) -?\d\.\d{3}  ICC\(1,1\) /m);
    for (const row of models) expect(text).toMatch(new RegExp(`${row.model} +mean ${row.meanScore.toFixed(2)} .*n=3`));
    // and the release card: the mean per model and the correlations, as the study page shows them
    const release = await studyRelease(study);
    const card = Buffer.from(unzipSync(new Uint8Array(await collect(release.chunks)))[`${release.folder}/README.md`]!).toString("utf8");
    expect(card).toContain("## Ratings");
    for (const row of models) expect(card).toContain(`| ${row.model} | 3 | 6 | ${row.meanScore.toFixed(3)} |`);
    expect(card).toContain("### Correlations with the metrics");

    // Pearson and Spearman per metric over (question, model) answers, against the definitions
    const correlations = report.correlations as Row[];
    expect(correlations.map((c) => c.metric)).toEqual(["bonus_coverage_lexical", "rouge_l"]);
    const check = (row: Row, x: number[], y: number[]) => {
      expect(row.n).toBe(x.length);
      expect(row.pearson).toBeCloseTo(r(x, y), 12);
      expect(row.spearman).toBeCloseTo(r(ranks(x), ranks(y)), 12);
      const [lo, hi] = fisher(r(x, y), x.length);
      expect(row.pearsonCi95[0]).toBeCloseTo(lo!, 12);
      expect(row.pearsonCi95[1]).toBeCloseTo(hi!, 12);
    };
    const all = [0, 1, 2].flatMap((q) => [0, 1, 2].map((m) => ({ q, m })));
    check(correlations[1]!, all.map(({ q, m }) => ROUGE[q]![m]!), all.map(({ q, m }) => human(q, m)));
    const withPoints = all.filter(({ q }) => q < 2);
    check(correlations[0]!, withPoints.map(({ q, m }) => COVERAGE[q]![m]!), withPoints.map(({ q, m }) => human(q, m)));
    // the ties matter: ranking tied values one after another instead of sharing their mean rank gives another ρ
    const ordinal = (v: number[]) => v.map((a, i) => v.filter((b, j) => b < a || (b === a && j < i)).length + 1);
    const rouge = all.map(({ q, m }) => ROUGE[q]![m]!);
    const means = all.map(({ q, m }) => human(q, m));
    expect(Math.abs(correlations[1]!.spearman - r(ordinal(rouge), ordinal(means)))).toBeGreaterThan(0.01);

    const agreement = report.agreement as { krippendorffAlphaInterval: number; icc: { single: number; answers: number } };
    expect(agreement.krippendorffAlphaInterval).toBeGreaterThan(0.5);
    expect(agreement.icc.answers).toBe(9);

    // the ratings CSV reveals the model and records each rater's order; the correlation table and the plots follow
    const downloads = designOf(study.design).downloads!;
    const read = async (format: string) => {
      let text = "";
      for await (const chunk of (await downloads[format]!.file({ client: pool(), study })).chunks) text += chunk;
      return text;
    };
    const rows = parse(await read("ratings-csv"), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(18);
    expect(Object.keys(rows[0]!)).toEqual(["rater", "rater_external_id", "rater_order", "model", "question_id", "source_id", "question_position", "score", "penalties", "comment", "study_unit", "leased_at", "submitted_at", "response_id", "valid"]);
    const raters = [...new Set(rows.map((x) => x.rater))];
    raters.forEach((name, k) => {
      const mine = rows.filter((x) => x.rater === name).sort((a, b) => Number(a.rater_order) - Number(b.rater_order));
      expect(mine.map((x) => Number(x.rater_order))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(mine.map((x) => `${Number(x.source_id!.slice(5))}:${MODELS.indexOf(x.model!)}`)).toEqual(received[k]);
      for (const x of mine) {
        const [q, m] = [Number(x.source_id!.slice(5)), MODELS.indexOf(x.model!)];
        expect(Number(x.score)).toBe(SCORES[k]![q]![m]);
        expect(x.penalties).toBe(SCORES[k]![q]![m]! < 0.5 ? PENALTIES[0] : "");
      }
    });
    const table = parse(await read("correlations-csv"), { columns: true }) as Record<string, string>[];
    expect(table.map((t) => [t.metric, t.source, Number(t.n)])).toEqual([["bonus_coverage_lexical", "computed", 6], ["rouge_l", "imported", 9]]);
    expect(Number(table[1]!.pearson)).toBeCloseTo(correlations[1]!.pearson, 12);
    const svg = await read("scatter-svg");
    expect(svg).toMatch(/^<svg /);
    expect(svg.match(/<circle /g)).toHaveLength(6 + 9);
  });
});
