import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { importFile, signedInRequest } from "./helpers/api";
import { openTable, pct } from "./helpers/charts";
import { consentWithKeyboard, enter, newParticipant, pressOption } from "./helpers/participant";
import { chooseDataset, planStatus } from "./helpers/study-form";
import { TOMATO_STATES, tomatoOptions, writeTomato } from "./helpers/tomato";
import { createUser, uiSignIn, unique } from "./support";

// The human-baseline path end to end, as people take it: a researcher sets up a ToMATO baseline
// on the new-study form and opens it; two participants answer every question with number keys
// and Enter; the study page shows the accuracy worked out here by hand, in the paper's 15-cell
// grid; and the scored answers download from the study's exports with the same count.
//
// The file (e2e/helpers/tomato.ts) has one question per mental state × 1st / 2nd / FB, item
// n = 3 × state + order, gold "She feels calm n". Participant 1 is right everywhere; participant 2
// picks a wrong option on the 1st-order items (n divisible by 3): 15 + 10 = 25 right of 30. The
// options are shuffled per participant, so the right answer is a different key from unit to unit.

const UNITS = 15;
const wrongFor = (participant: number, n: number) => participant === 2 && n % 3 === 0;
const RIGHT = 15 + 10;
const ANSWERS = 2 * UNITS;

/** Answers every unit the study hands out with the keyboard alone; returns the items seen and the keys pressed. */
async function answerEveryUnit(page: Page, participant: number): Promise<{ seen: number[]; keys: string[] }> {
  const seen: number[] = [];
  const keys: string[] = [];
  for (let k = 1; k <= UNITS; k++) {
    // a key pressed before the unit shows would go nowhere: wait for its position and question
    await expect(page.getByText(`Unit ${k} of ${UNITS}`, { exact: true })).toBeVisible();
    const prompt = page.getByRole("region", { name: "Question 1" }).locator("p").first();
    await expect(prompt).toHaveText(/^In item \d+, /);
    const text = (await prompt.innerText()).trim();
    const n = Number(/^In item (\d+),/.exec(text)![1]);
    expect(seen, "no item twice").not.toContain(n);
    seen.push(n);
    const options = tomatoOptions(n);
    keys.push(await pressOption(page, page.getByRole("radiogroup", { name: text }), wrongFor(participant, n) ? options[1]! : options[0]!));
    await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
    await page.keyboard.press("Enter");
    if (k < UNITS) await expect(page.getByText(`Unit ${k + 1} of ${UNITS}`, { exact: true })).toBeVisible();
  }
  await expect(page, `participant ${participant} reaches the done page`).toHaveURL(/\/done$/);
  return { seen, keys };
}

test("[BASELINE][E2E] a researcher creates a ToMATO baseline from the form; two participants answer by keyboard; the Human accuracy view shows the grid; the scored CSV downloads", async ({
  admin,
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const dataset = await importFile(api, writeTomato(), unique("tomato-baseline-e2e"));
  expect(dataset).toMatchObject({ benchmark: "tomato", questions: UNITS });
  await api.dispose();

  // the researcher, on the form
  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Studies" }).click();
  await page.getByRole("link", { name: "New study" }).click();
  const form = page.getByRole("form", { name: "New study" });
  await chooseDataset(page, form, dataset.datasetId);
  const name = unique("ToMATO human baseline");
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await form.getByRole("group", { name: "Design" }).getByRole("radio", { name: "Human baseline" }).check();
  await expect(form.getByRole("group", { name: "Unit" }).getByRole("radio", { name: "Question", exact: true })).toBeChecked();
  await form.getByRole("spinbutton", { name: "Answers per unit" }).fill("2");
  await form.getByRole("group", { name: "Entry mode" }).getByRole("radio", { name: "Shareable link" }).check();
  // each participant sees the options in an order of their own: the keys pressed are not the
  // benchmark's letters, and scoring and the export must map them back
  await form.getByRole("group", { name: "Option order" }).getByRole("radio", { name: "Shuffled for each participant" }).check();
  await expect(planStatus(form)).toHaveText(`Plan: ${UNITS} units, ${ANSWERS} answers needed, 2 participants (each may do every unit) needed.`);
  await expectNoAxeViolations(page, "the new ToMATO baseline form");
  await form.getByRole("button", { name: "Create study" }).click();
  await expect(page.getByText(`Study created with ${UNITS} units.`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("button", { name: "Open study" }).click();
  await expect(page.getByText("The study is open: participants can enter with its link.")).toBeVisible();
  const link = await page.getByRole("textbox", { name: "Participant link" }).inputValue();
  expect(link).toMatch(/\/s\/[^/]+$/);

  // two participants, each in a browser of their own, keyboard only
  const pressed: string[] = [];
  for (const participant of [1, 2]) {
    const p = await newParticipant(browser);
    await enter(p.page, link);
    await consentWithKeyboard(p.page);
    const { seen, keys } = await answerEveryUnit(p.page, participant);
    expect([...seen].sort((a, b) => a - b), `participant ${participant} answered every item`).toEqual(Array.from({ length: UNITS }, (_, i) => i));
    pressed.push(...keys);
    await p.context.close();
  }
  // 30 shuffles of 4 options: the same key for all 30 answers has a chance of 4^-29
  expect(new Set(pressed).size, "the options were shown shuffled").toBeGreaterThan(1);

  // the Human accuracy view: the paper's grid, 1st order at 1 right of 2, the rest 2 of 2
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Human accuracy", exact: true })).toBeVisible();
  const grid = page.locator('[data-summary-table="mental_state_order"]').getByRole("table");
  await expect(grid.getByRole("columnheader")).toHaveText(["mental state", "1st", "2nd", "FB"]);
  for (const state of TOMATO_STATES) {
    await expect(grid.getByRole("row", { name: new RegExp(`^${state}`) }).getByRole("cell")).toHaveText(["50% (n=2)", "100% (n=2)", "100% (n=2)"]);
  }
  await expect(grid.getByRole("cell", { name: /\(n=2\)$/ })).toHaveCount(UNITS);
  await expect(grid.getByRole("row", { name: /^ALL/ }).getByRole("cell").first()).toHaveText(`${pct(RIGHT / ANSWERS)} (n=${ANSWERS})`);
  expect(pct(RIGHT / ANSWERS)).toBe("83%");
  // the paper's ALL for equal subsets, the mean of the 15 cells: (5 × 1/2 + 10 × 1) / 15
  await expect(page.getByRole("table", { name: "Further figures the benchmark reports" }).getByRole("row", { name: /^Mean of the subset accuracies/ })).toContainText(((5 * 0.5 + 10) / 15).toFixed(3));
  // the chart (every ToMATO question is single choice: one bar) draws its bar; its table counts every answer
  const byType = /^Human accuracy per question type/;
  await expect(page.getByRole("figure", { name: byType }).locator("[data-chart] svg .recharts-bar-rectangle")).toHaveCount(1);
  const { table } = await openTable(page, byType);
  await expect(table.getByRole("row", { name: /^single_choice/ }).getByRole("cell")).toHaveText([String(ANSWERS), String(RIGHT), pct(RIGHT / ANSWERS), /.+/]);
  await expectNoAxeViolations(page, "the baseline study page with its results");

  // the scored answers, downloaded from the exports list
  const downloading = page.waitForEvent("download");
  await page.getByRole("region", { name: "Exports" }).getByRole("link", { name: "Download scored answers (CSV)" }).click();
  const download = await downloading;
  const text = readFileSync((await download.path())!, "utf8");
  const [header] = parse(text, { to_line: 1 }) as string[][];
  expect(header).toEqual([
    "participant", "question_id", "source_id", "kind", "tags", "answer_raw", "answer_normalized", "correct", "graded", "ms", "stage", "group", "study_unit", "response_id", "valid",
  ]);
  const rows = parse(text, { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(ANSWERS);
  expect(new Set(rows.map((r) => r.participant)).size, "two participants").toBe(2);
  expect(rows.every((r) => r.valid === "true")).toBe(true);
  // one question per unit, answered by a key with focus never in its widget: its time is the unit's, not 0
  expect(rows.filter((r) => !(Number(r.ms) > 0)).map((r) => r.question_id), "questions timed 0 ms").toEqual([]);
  const right = rows.filter((r) => r.correct === "true");
  const wrong = rows.filter((r) => r.correct === "false");
  expect(right).toHaveLength(RIGHT);
  expect(wrong).toHaveLength(ANSWERS - RIGHT);
  // and they are what was typed: the gold option A, or participant 2's B on each 1st-order item
  expect(right.every((r) => r.answer_normalized === "A")).toBe(true);
  expect(new Set(wrong.map((r) => r.participant)).size, "one participant was wrong").toBe(1);
  expect(wrong.map((r) => r.answer_normalized)).toEqual(Array(ANSWERS - RIGHT).fill("B"));
  expect(wrong.map((r) => r.source_id).sort()).toEqual(["q-0", "q-12", "q-3", "q-6", "q-9"]);
  expect(wrong.map((r) => (JSON.parse(r.tags!) as { order: string }).order)).toEqual(Array(ANSWERS - RIGHT).fill("first"));
});
