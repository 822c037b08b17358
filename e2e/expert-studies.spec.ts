import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { e2eDatabaseUrlFile } from "./config";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { createOpenStudy, importFile, signedInRequest } from "./helpers/api";
import { HttpParticipant } from "./helpers/http-participant";
import { createUser, uiSignIn, unique } from "./support";

// The expert designs' results pages in Chromium, after reviewers answered over the participant
// API: a checklist review's per-criterion figures, and a rating study's per-model means and its
// human-vs-metric scatters. (Reviewing by keyboard is in task-designs.spec.ts, [TASK][CHECKLIST]
// and [TASK][RATING].) Model answers and metric values come only from the CLI
// (`sally import-predictions`, `sally import-metrics`), run here against the e2e server's database.

const ROOT = path.resolve(import.meta.dirname, "..");
const DIAMONDS = path.join(ROOT, "tests/fixtures/diamonds/review-conv-QA.jsonl");
const CHARTOM = path.join(ROOT, "tests/fixtures/chartom/valid.jsonl");

function sally(args: string[]): string {
  const env = { ...process.env, DATABASE_URL: readFileSync(e2eDatabaseUrlFile(), "utf8").trim() };
  return execFileSync(process.execPath, ["--import", "tsx", "scripts/sally.ts", ...args], { cwd: ROOT, env, encoding: "utf8" });
}

test("[RESULTS][CHECKLIST] after two reviewers: the pass rate per criterion with intervals, decisions and agreement per criterion", async ({ admin, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, DIAMONDS, unique("review"));
  const study = await createOpenStudy(api, {
    name: unique("DIAMONDs review"), datasetId, design: "checklist", unitType: "question", n: 2, entryMode: "annotators",
    views: ["script", "conversation"], sampling: { kind: "random", k: 2, seed: 1 },
    config: {
      checklists: [
        {
          key: "script_answer",
          title: "Script and answer",
          criteria: [
            { key: "answerable", prompt: "Is the question answerable from the script?", answer: "yes_no" },
            { key: "reasoning_sound", prompt: "Is the reasoning sound?", answer: "yes_partly_no" },
          ],
        },
      ],
    },
  });
  for (let i = 0; i < 2; i++) {
    const annotator = await createUser(admin, "annotator");
    const p = await HttpParticipant.join(study.code, {}, await signedInRequest(annotator.email, annotator.password));
    // both say "yes" to answerable; on reasoning they differ
    const n = await p.answerAll((unit) => ({ answers: Object.fromEntries(unit.checks.map((c) => [c.key, c.key.endsWith("answerable") ? c.options[0]!.value : c.options[i]!.value])) }));
    expect(n).toBe(2);
    await p.dispose();
  }
  const results = (await (await api.get(`/api/studies/${study.id}/results`)).json()) as { criteria: { key: string; prompt: string; decided: number; passed: number; passRate: number | null }[] };
  const answerable = results.criteria.find((c) => c.key.endsWith("answerable"))!;
  expect(answerable).toMatchObject({ decided: 2, passed: 2, passRate: 1 });

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page).not.toHaveURL(/\/signin/);
  await page.goto(`/studies/${study.id}`);
  const figure = page.getByRole("figure", { name: /Pass rate per criterion/ });
  await expect(figure.locator(".recharts-bar-rectangle")).toHaveCount(results.criteria.filter((c) => c.passRate !== null && c.passRate > 0).length);
  await expect(figure.locator("[data-chart]")).toHaveAccessibleDescription(/100% \(Is the question answerable from the script\?\)/);
  await figure.getByRole("button", { name: "Show table" }).click();
  await expect(figure.getByRole("button", { name: "Show chart" })).toHaveAttribute("aria-expanded", "true");
  const row = figure.getByRole("row", { name: /answerable from the script/ });
  await expect(row.getByRole("cell")).toHaveText([/^2$/, /^2$/, /^0$/, /^0$/, "100%", /^\[\d+%, 100%\]$/, /.+/, /.+/, /.+/, /.+/]);
  await expect(page.getByRole("heading", { name: "Agreement per check" })).toBeVisible();
  await expectNoAxeViolations(page, "a checklist study's results");
  await api.dispose();
});

test("[RESULTS][RATING] after two raters: the mean score per model with intervals, and one scatter per metric with Pearson and Spearman", async ({ admin, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, CHARTOM, unique("chartom"));
  const records = readFileSync(CHARTOM, "utf8").trim().split("\n").length;
  const exported = (await (await api.get(`/api/datasets/${datasetId}/export?format=jsonl`)).text()).trim().split("\n").map((l) => JSON.parse(l) as { sourceId: string; position: number });
  const dir = mkdtempSync(path.join(os.tmpdir(), "rating-"));
  const models = ["zeta-alpha-llm", "omega-beta-llm"];
  writeFileSync(path.join(dir, "predictions.jsonl"), exported.flatMap((q, i) => models.map((model, m) => JSON.stringify({ sourceId: q.sourceId, question: q.position, model, answer: `Answer ${i} of ${model}${m ? "" : " about relief"}.` }))).join("\n") + "\n");
  writeFileSync(path.join(dir, "metrics.csv"), ["sourceId,question,model,metric,value", ...exported.flatMap((q, i) => models.map((model, m) => `${q.sourceId},${q.position},${model},rouge_l,${((i + 1) * (m + 1)) / 10}`))].join("\n") + "\n");
  sally(["import-predictions", path.join(dir, "predictions.jsonl"), "--dataset", datasetId]);
  sally(["import-metrics", path.join(dir, "metrics.csv"), "--dataset", datasetId]);

  const study = await createOpenStudy(api, { name: unique("rating"), datasetId, design: "rating", unitType: "question", n: 2, entryMode: "annotators", config: { models, penalties: ["Factual error about the plot"] } });
  for (let r = 0; r < 2; r++) {
    const annotator = await createUser(admin, "annotator");
    const p = await HttpParticipant.join(study.code, {}, await signedInRequest(annotator.email, annotator.password));
    const n = await p.answerAll((_unit, i) => ({ score: [0, 0.25, 0.5, 0.75, 1][(i + r) % 5], penalties: [] }));
    expect(n).toBe(records * models.length);
    await p.dispose();
  }
  const results = (await (await api.get(`/api/studies/${study.id}/results`)).json()) as {
    models: { model: string; meanScore: number | null }[];
    correlations: { metric: string; n: number; pearson: number | null }[];
  };
  expect(results.models).toHaveLength(2);

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page).not.toHaveURL(/\/signin/);
  await page.goto(`/studies/${study.id}`);
  const means = page.getByRole("figure", { name: /Mean human score per model/ });
  await expect(means.locator(".recharts-bar-rectangle")).toHaveCount(results.models.filter((m) => (m.meanScore ?? 0) > 0).length);
  await expect(means.locator("[data-chart]")).toHaveAccessibleDescription(new RegExp(results.models.map((m) => m.model).join("|")));
  await means.getByRole("button", { name: "Show table" }).click();
  for (const m of results.models) await expect(means.getByRole("row", { name: new RegExp(m.model) })).toContainText(m.meanScore!.toFixed(3));

  for (const c of results.correlations) {
    const scatter = page.getByRole("figure", { name: new RegExp(`^${c.metric} against the mean human score`) });
    await expect(scatter.locator(".recharts-scatter-symbol")).toHaveCount(c.n);
    await expect(scatter.locator("[data-chart]")).toHaveAccessibleDescription(new RegExp(`${c.n} answers: Pearson r = ${c.pearson === null ? "—" : c.pearson.toFixed(3)}`));
  }
  expect(results.correlations.map((c) => c.metric)).toContain("rouge_l");
  await expectNoAxeViolations(page, "a rating study's results");
  await api.dispose();
});
