import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { openTable, pct } from "./helpers/charts";
import { createOpenStudy, DEFAULT_FLAGS, importFile, signedInRequest } from "./helpers/api";
import { writeGenericItems } from "./helpers/generic";
import { HttpParticipant } from "./helpers/http-participant";
import { seedValidationAnswers, withE2eDatabase } from "./helpers/seed-answers";
import { TOMATO_STATES, writeTomato } from "./helpers/tomato";
import { createUser, uiSignIn, unique } from "./support";
import { writeChartom } from "../tests/support/chartom";

// The results console in Chromium over real studies answered through the participant API: the
// charts draw SVG marks, their text summaries name the figures the results API computed, the
// "Show table" toggle shows the same numbers, the ToMATO baseline view is the 15-cell grid, a
// staged reader / non-reader study shows its group × stage grid, and the quality page sorts and
// excludes with a reason. axe runs on every page added.

/** The study's units, and how many of them have a kept decision, from the e2e server's database. */
function keptDecisions(studyId: string): Promise<{ units: number; kept: number }> {
  return withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ units: number; kept: number }>(
      `SELECT (SELECT count(*)::int FROM "StudyUnit" WHERE "studyId" = $1) AS units, (SELECT count(*)::int FROM "UnitDecision" WHERE "studyId" = $1) AS kept`,
      [studyId],
    );
    return rows[0]!;
  });
}

test("[RESULTS][BASELINE] ToMATO's Human accuracy view: type chart with intervals, the 15-cell grid, progress over time", async ({ admin, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, writeTomato(), unique("tomato-grid"));
  const study = await createOpenStudy(api, { name: unique("tomato baseline"), datasetId, design: "baseline", unitType: "question", n: 1, entryMode: "link", config: {} });
  const p = await HttpParticipant.join(study.code, { PROLIFIC_PID: "tomato-1" });
  // right on two questions in three
  const answered = await p.answerAll((unit, i) => ({ answers: Object.fromEntries(unit.questions.map((q) => [q.id, i % 3 === 2 ? 1 : 0])) }));
  expect(answered).toBe(15);
  await p.dispose();
  const results = (await (await api.get(`/api/studies/${study.id}/results`)).json()) as { byType: { key: string; accuracy: number; n: number }[] };

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page).not.toHaveURL(/\/signin/);
  await page.goto(`/studies/${study.id}`);
  await expect(page.getByRole("heading", { name: "Human accuracy", exact: true })).toBeVisible();
  const type = results.byType[0]!;
  const byTypeTitle = /Human accuracy per question type/;
  await expect(page.getByRole("figure", { name: byTypeTitle }).locator("[data-chart]")).toHaveAccessibleDescription(new RegExp(`${pct(type.accuracy)} \\(${type.key}\\)`));
  await expect(page.getByRole("figure", { name: byTypeTitle }).locator(".recharts-bar-rectangle")).toHaveCount(results.byType.length);
  const { table } = await openTable(page, byTypeTitle);
  await expect(table.getByRole("row", { name: new RegExp(type.key) })).toContainText(`${type.n}`);
  await expect(table.getByRole("row", { name: new RegExp(type.key) })).toContainText(pct(type.accuracy));

  // the paper's grid: five mental states down, 1st / 2nd / FB across, one answer in each cell
  const grid = page.locator('[data-summary-table="mental_state_order"]').getByRole("table");
  await expect(grid.getByRole("columnheader")).toHaveText(["mental state", "1st", "2nd", "FB"]);
  for (const state of TOMATO_STATES) await expect(grid.getByRole("row", { name: new RegExp(`^${state}`) }).getByRole("cell")).toHaveCount(3);
  await expect(grid.getByRole("cell", { name: /\(n=1\)/ })).toHaveCount(15);
  await expect(grid.getByRole("row", { name: /^ALL/ })).toContainText("(n=15)");

  const progress = page.getByRole("figure", { name: /Progress over time/ });
  // one hour of answers is one point per line: its dot is the mark
  await expect(progress.locator("[data-chart] svg .recharts-line-dot").first()).toBeVisible();
  await expect(progress.locator("[data-chart]")).toHaveAccessibleDescription(/15 answers/);
  await expectNoAxeViolations(page, "the baseline study overview");
  await api.dispose();
});

test("[RESULTS][GROUPS] a staged reader / non-reader study: the group × stage grid as grouped bars with intervals, the gap and the revisions", async ({ admin, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { file } = writeChartom();
  const { datasetId } = await importFile(api, file, unique("chartom-groups"));
  const study = await createOpenStudy(api, {
    name: unique("readers"), datasetId, design: "baseline", unitType: "question", n: 2, entryMode: "link", maxUnitsPerParticipant: 4, config: {},
    kinds: ["single_choice"], sampling: { kind: "random", k: 4, seed: 3 },
    groups: { names: ["read", "not_read"], perUnit: { read: 1, not_read: 1 }, balanceTolerance: 4, membership: { from: "url", tag: "book", param: "read" } },
    stages: [{ view: "c0" }, { view: "c2000" }],
  });
  const books = ["Emma by Jane Austen", "Persuasion by Jane Austen", "Middlemarch by George Eliot", "Ulysses by James Joyce"];
  for (const [i, read] of [books, [], books.slice(0, 2), books.slice(2)].entries()) {
    const p = await HttpParticipant.join(study.code, { PROLIFIC_PID: `reader-${i}`, read: read.join(",") });
    // right (writeChartom's answers start "Because") on two units in three
    await p.answerAll((unit, k) => ({ answers: Object.fromEntries(unit.questions.map((q) => [q.id, q.options!.findIndex((o) => o.startsWith("Because") === ((k + i) % 3 !== 0))])) }));
    await p.dispose();
  }
  const results = (await (await api.get(`/api/studies/${study.id}/results`)).json()) as { byGroupStage: { key: { group: string; stage: number }; accuracy: number | null; n: number }[] };
  expect(results.byGroupStage.length).toBeGreaterThanOrEqual(2);

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page).not.toHaveURL(/\/signin/);
  await page.goto(`/studies/${study.id}`);
  // the share box says what the link must carry for the groups (the bare link put everyone in not_read)
  await expect(page.locator("section[aria-labelledby=links-heading]")).toContainText(
    "add read= with the values of the tag book they know, separated by commas",
  );
  const title = /^Accuracy per group and stage/;
  const figure = page.getByRole("figure", { name: title });
  await expect(figure.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(figure.locator(".recharts-errorBar").first()).toBeVisible();
  const first = results.byGroupStage[0]!;
  await expect(figure.locator("[data-chart]")).toHaveAccessibleDescription(new RegExp(`${first.key.group} at Stage ${first.key.stage} \\(c0\\): ${first.accuracy === null ? "—" : pct(first.accuracy)} \\(n=${first.n}\\)`));
  const { table } = await openTable(page, title);
  await expect(table.getByRole("row")).toHaveCount(results.byGroupStage.length + 1);
  await expect(table).toContainText("Stage 2 (c2000)");
  await expect(page.getByRole("table", { name: /gap between the groups/ })).toBeVisible();
  await expect(page.getByRole("table", { name: /Revisions between the first and the last stage/ })).toBeVisible();
  await expectNoAxeViolations(page, "a staged group study overview");
  await api.dispose();
});

test("[RESULTS][VALIDATION][QUALITY] agreement over time; the quality page sorts, explains, and excludes with a required reason", async ({ admin, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, writeTomato(), unique("tomato-validation"));
  const study = await createOpenStudy(api, { name: unique("validation quality"), datasetId, unitType: "context", n: 3, maxUnitsPerParticipant: 5, entryMode: "link", config: { contextChecks: { flags: DEFAULT_FLAGS, comment: false } } });
  for (let i = 0; i < 4; i++) {
    const p = await HttpParticipant.join(study.code, { PROLIFIC_PID: `val-${i}` });
    await p.answerAll((unit, k) => ({ answers: Object.fromEntries(unit.checks.map((c, j) => [c.key, c.options[(i + k + j) % 3 === 0 ? 1 : 0]!.value])) }));
    await p.dispose();
  }
  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page).not.toHaveURL(/\/signin/);
  await page.goto(`/studies/${study.id}`);
  const agreement = page.getByRole("figure", { name: /Percent agreement per check over time, cumulative/ });
  await expect(agreement.locator("[data-chart] svg .recharts-line")).toHaveCount(DEFAULT_FLAGS.length);
  await expect(agreement.locator("[data-chart]")).toHaveAccessibleDescription(/Percent agreement now ranges from \d+% \(.+\) to \d+% \(.+\)/);
  await expectNoAxeViolations(page, "the validation study overview");
  // the decisions the overview worked out are kept once the page is sent (Next's after, in the server npm start runs)
  await expect
    .poll(async () => {
      const { units, kept } = await keptDecisions(study.id);
      return units > 0 && kept === units;
    })
    .toBe(true);

  await page.getByRole("link", { name: "Quality", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/studies/${study.id}/quality$`));
  await expect(page.getByText(/signals, not verdicts/)).toBeVisible();
  const table = page.getByRole("table", { name: /quality signals/ });
  await expect(table.locator(":scope > tbody > tr")).toHaveCount(4);
  const units = table.getByRole("columnheader", { name: /^Units/ });
  await units.getByRole("button").click();
  await expect(units).toHaveAttribute("aria-sort", "ascending");
  await units.getByRole("button").click();
  await expect(units).toHaveAttribute("aria-sort", "descending");
  const counts = (await table.locator(":scope > tbody > tr").evaluateAll((rows) => rows.map((r) => Number(r.children[1]!.textContent)))) as number[];
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  await expectNoAxeViolations(page, "the quality page");

  const first = table.locator(":scope > tbody > tr").first();
  const name = (await first.getAttribute("data-participant"))!;
  await first.getByRole("button", { name: `Exclude ${name}` }).click();
  const reason = page.getByRole("textbox", { name: new RegExp(`Reason for excluding ${name}`) });
  await expect(reason).toBeFocused();
  await page.getByRole("form", { name: `Exclude ${name}` }).getByRole("button", { name: "Exclude" }).click();
  await expect(page.getByText("Give a reason (at least a few words).")).toBeVisible();
  await expect(reason).toBeFocused();
  await reason.fill("Answered every unit the same way within seconds.");
  await page.getByRole("form", { name: `Exclude ${name}` }).getByRole("button", { name: "Exclude" }).click();
  await expect(page.getByRole("status")).toContainText(new RegExp(`${name} is excluded: their answers are voided and \\d+ units? (is|are) open again`));
  await expect(table.locator(`tr[data-participant="${name}"]`)).toContainText("excluded");
  await expectNoAxeViolations(page, "the quality page after an exclusion");
  await api.dispose();
});

test("[RESULTS][VALIDATION][SCALE] answers written straight into PostgreSQL: the overview is sent before agreement over time is worked out, then draws it", async ({ admin, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, writeGenericItems(1000, "bulk"), unique("bulk"));
  const study = await createOpenStudy(api, { name: unique("bulk validation"), datasetId, unitType: "context", n: 21, entryMode: "link", config: { contextChecks: { flags: DEFAULT_FLAGS, comment: false } } });
  expect(study.units).toBe(1000);
  // 21,000 answers: past the 20,000 a page folds before it is sent (lib/studies/timeline-agreement.ts, FOLD_NOW_MAX)
  expect(await seedValidationAnswers(study.id, 21, DEFAULT_FLAGS.map((f) => `flag:${f.key}`))).toBe(21_000);

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page).not.toHaveURL(/\/signin/);
  const sent = await page.goto(`/studies/${study.id}`);
  // the page as sent says the chart is being worked out; the progress chart is drawn at once
  expect(await sent!.text()).toContain("Agreement per check over time is being worked out");
  await expect(page.getByRole("figure", { name: /Progress over time/ }).locator("[data-chart]")).toHaveAccessibleDescription(/21000 answers/);
  // then the page asks for the timeline, which waits for the fold, and draws the chart from the kept sums
  const agreement = page.getByRole("figure", { name: /Percent agreement per check over time, cumulative/ });
  await expect(agreement.locator("[data-chart] svg .recharts-line")).toHaveCount(DEFAULT_FLAGS.length, { timeout: 30_000 });
  await expect(page.getByText("Agreement per check over time is being worked out")).toHaveCount(0);
  const kept = await withE2eDatabase(async (client) => (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "AgreementCells" WHERE "studyId" = $1`, [study.id])).rows[0]!.n);
  expect(kept).toBe(1000);
  await expectNoAxeViolations(page, "a validation overview after its agreement was worked out");
  await api.dispose();
});
