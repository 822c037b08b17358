import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { createOpenStudy, importFile, signedInRequest } from "./helpers/api";
import { ITEMS, writeChartomFile, type ChartomItem } from "./helpers/chartom";
import { consentWithKeyboard, enter, pressOption, tabTo } from "./helpers/participant";
import { createUser, E2E, uiSignIn, unique } from "./support";

// Issue 11's acceptance in Chromium: a CharToM-QA-like study with reader / non-reader groups and
// a staged reveal (c0, then c2000). On entry the screener asks which books the participant has
// read completely, with a familiarity question under a ticked book; a reader (who passes it) and
// a non-reader then answer by keyboard, see the longer window with their first answer shown, and
// submit; the researcher's numbers give the group × stage grid. And the screened-out outcome of
// a one-choice screener, with the study's code.

const FAMILIARITY = { prompt: "At whose house does Emma live?", options: ["Mr Knightley's", "Her father's"], answer: 1 };
const CODES = { completed: "GRID-DONE", screenedOut: "SCR-OUT-E2E" };

async function researcherApi(admin: APIRequestContext) {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, writeChartomFile(), unique("chartom"));
  return { researcher, api, datasetId };
}

async function participantPage(browser: Browser, code: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await enter(page, `${E2E.baseURL}/s/${code}`);
  await consentWithKeyboard(page);
  return page;
}

const question = (page: Page) => page.getByRole("region", { name: "Question 1" });

/** The item on the page, known by its question (the unit's title never reaches the page). */
async function itemShown(page: Page): Promise<ChartomItem> {
  const text = await question(page).innerText();
  const item = ITEMS.find((i) => text.includes(i.question));
  expect(item, "a question of the fixture").toBeDefined();
  return item!;
}

/** A wrong option of the item as the page lists it. */
async function wrongOption(page: Page, item: ChartomItem): Promise<string> {
  const names = await question(page).getByRole("radio").evaluateAll((els) => els.map((el) => el.closest("label")!.innerText.replace(/^\d\s*/, "").trim()));
  return names.find((n) => n !== item.answer)!;
}

/**
 * One unit, both stages, by keyboard: at c0 the number of `first`, Enter; at c2000 (more text,
 * the first answer shown and selected) the right answer, by Tab into the question and its
 * number when it changes, or Enter alone when it stays.
 */
async function answerUnit(page: Page, k: number, reader: (item: ChartomItem) => boolean): Promise<{ item: ChartomItem; right1: boolean }> {
  const heading = page.getByRole("heading", { level: 2, name: `Text ${k} of 2`, exact: true });
  await expect(heading).toBeFocused();
  const item = await itemShown(page);
  const passage = page.getByRole("main");
  await expect(passage).toContainText(item.short);
  await expect(passage, "nothing of the longer window before the first answer").not.toContainText("REVEAL-");
  const right1 = reader(item);
  const first = right1 ? item.answer : await wrongOption(page, item);
  await pressOption(page, question(page), first);
  await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByRole("status").filter({ hasText: "More of the text is now shown" })).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(passage).toContainText(item.long);
  await expect(question(page)).toContainText(`Your first answer: ${first}`);
  await expect(question(page).getByRole("radio", { name: first, exact: true })).toBeChecked();
  if (k === 1) await expectNoAxeViolations(page, "stage 2 of a groups study");
  if (!right1) {
    await tabTo(page, question(page).getByRole("radio", { name: first, exact: true }));
    await pressOption(page, question(page), item.answer);
    await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
  }
  await page.keyboard.press("Enter");
  return { item, right1 };
}

test.describe("[GROUPS]", () => {
  test("[GROUPS][SCREENER] a reader and a non-reader: the screener with its familiarity check, both stages by keyboard with the reveal, and the group × stage grid", async ({ admin, browser, page }) => {
    test.setTimeout(180_000);
    const { researcher, api, datasetId } = await researcherApi(admin);
    const study = await createOpenStudy(api, {
      name: unique("readers"),
      datasetId,
      design: "baseline",
      unitType: "question",
      entryMode: "link",
      kinds: ["single_choice"],
      groups: {
        names: ["read", "not_read"],
        perUnit: { read: 1, not_read: 1 },
        balanceTolerance: 1,
        membership: { from: "screener", tag: "book", param: "read" },
        screener: { prompt: "Which of these books have you read completely?" },
        familiarity: { items: [{ tagValue: ITEMS[0]!.book, ...FAMILIARITY }], passThreshold: 1 },
      },
      stages: [{ view: "c0" }, { view: "c2000" }],
      completionCodes: CODES,
      config: {},
    });
    expect(study.units).toBe(2);

    // The reader of Emma: the screener first, its heading focused
    const reader = await participantPage(browser, study.code);
    const screenerHeading = reader.getByRole("heading", { level: 2, name: "Before you start" });
    await expect(screenerHeading).toBeFocused();
    const books = reader.getByRole("group", { name: "Which of these books have you read completely?" });
    await expect(books.getByRole("checkbox")).toHaveCount(2);
    // the page names the books, never the groups behind them
    await expect(reader.getByRole("main")).not.toContainText("not_read");
    await expectNoAxeViolations(reader, "the screener");
    const emma = books.getByRole("checkbox", { name: ITEMS[0]!.book, exact: true });
    await tabTo(reader, emma);
    await reader.keyboard.press("Space");
    await expect(emma).toBeChecked();
    const check = reader.getByRole("group", { name: FAMILIARITY.prompt });
    await expect(check).toBeVisible();
    await expect(books.getByRole("group")).toHaveCount(1);

    // Continue with the question unanswered: announced, and focus goes to it
    await tabTo(reader, reader.getByRole("button", { name: "Continue" }));
    await reader.keyboard.press("Enter");
    await expect(reader.getByRole("form", { name: "Before you start" }).getByRole("alert")).toHaveText("Some answers are missing. They are marked below.");
    await expect(check).toContainText("Answer this question.");
    await expect(check.getByRole("radio", { name: FAMILIARITY.options[0] })).toBeFocused();
    await expectNoAxeViolations(reader, "the screener with an error");
    // arrow keys move through the options (and choose): the right one is the second
    await reader.keyboard.press("ArrowDown");
    await expect(check.getByRole("radio", { name: FAMILIARITY.options[1] })).toBeChecked();
    await expect(check).not.toContainText("Answer this question.");
    const sent: unknown[] = [];
    reader.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/screener")) sent.push(r.postDataJSON());
    });
    await tabTo(reader, reader.getByRole("button", { name: "Continue" }));
    await reader.keyboard.press("Enter");
    const readerUnits = [await answerUnit(reader, 1, (i) => i === ITEMS[0])];
    expect(sent).toEqual([{ values: [ITEMS[0]!.book], familiarity: { "0": 1 } }]);
    await expect(reader.getByRole("status").filter({ hasText: "Your answers were saved." })).toBeVisible();
    readerUnits.push(await answerUnit(reader, 2, (i) => i === ITEMS[0]));
    await expect(reader).toHaveURL(/\/done$/);
    await expect(reader.getByText(CODES.completed, { exact: true })).toBeVisible();
    // both books: Emma as its reader, Persuasion as a non-reader
    expect(readerUnits.map((u) => u.item.book).sort()).toEqual(ITEMS.map((i) => i.book).sort());

    // The non-reader ticks nothing: no familiarity question, and Persuasion's non-reader place is taken
    const other = await participantPage(browser, study.code);
    await expect(other.getByRole("heading", { level: 2, name: "Before you start" })).toBeFocused();
    await tabTo(other, other.getByRole("button", { name: "Continue" }));
    await expect(other.getByRole("group", { name: FAMILIARITY.prompt })).toHaveCount(0);
    await other.keyboard.press("Enter");
    await expect(other.getByText("Unit 1 of 2", { exact: true })).toBeVisible();
    const otherUnit = await answerUnit(other, 1, () => false);
    expect(otherUnit.item).toBe(ITEMS[0]);
    await expect(other).toHaveURL(/\/done$/);

    // The grid: read / not read × c0 / c2000, as answered (right at c0 only on a book read; all right at c2000)
    const res = await api.get(`/api/studies/${study.id}/results`);
    expect(res.status()).toBe(200);
    const results = (await res.json()) as { progress: { units: number; complete: number; participants: number; responses: number }; byGroupStage: { key: { group: string; stage: number }; n: number; correct: number; view: string | null }[] };
    expect(results.byGroupStage.map((r) => [r.key.group, r.key.stage, r.view, r.n, r.correct])).toEqual([
      ["read", 1, "c0", 1, 1],
      ["read", 2, "c2000", 1, 1],
      ["not_read", 1, "c0", 2, 0],
      ["not_read", 2, "c2000", 2, 2],
    ]);

    // The researcher's study page: Emma is complete (a reader and a non-reader); Persuasion still waits for a reader
    await uiSignIn(page, researcher.email, researcher.password);
    await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
    await page.goto(`/studies/${study.id}`);
    const progress = page.getByRole("region", { name: "Progress" });
    const stat = (term: string) => progress.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
    await expect(stat("Units complete")).toHaveText(/^1\s*of 2$/);
    await expect(stat("Participants")).toHaveText("2");
    await expect(stat("Responses")).toHaveText(String(results.progress.responses));
    expect(results.progress).toMatchObject({ units: 2, complete: 1, participants: 2 });
    await Promise.all([reader.context().close(), other.context().close(), api.dispose()]);
  });

  test("[GROUPS][SCREENED-OUT] one choice naming the group: no choice is announced; 'rather not say' ends with the screened-out code, also after a reload", async ({ admin, browser }) => {
    const { api, datasetId } = await researcherApi(admin);
    const study = await createOpenStudy(api, {
      name: unique("language"),
      datasetId,
      design: "baseline",
      unitType: "question",
      entryMode: "link",
      kinds: ["single_choice"],
      groups: {
        names: ["native", "non_native"],
        perUnit: { native: 1, non_native: 1 },
        membership: { from: "screener" },
        screener: {
          prompt: "Is English your first language?",
          options: [
            { label: "Yes", group: "native" },
            { label: "No", group: "non_native" },
            { label: "I'd rather not say", group: null },
          ],
        },
      },
      completionCodes: CODES,
      config: {},
    });
    const page = await participantPage(browser, study.code);
    await expect(page.getByRole("heading", { level: 2, name: "Before you start" })).toBeFocused();
    const choice = page.getByRole("group", { name: "Is English your first language?" });
    await expect(choice.getByRole("radio")).toHaveCount(3);
    // the option labels only: no group names
    await expect(page.getByRole("main")).not.toContainText("native");

    await tabTo(page, page.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("form", { name: "Before you start" }).getByRole("alert")).toHaveText("Some answers are missing. They are marked below.");
    await expect(choice).toHaveAccessibleDescription("Choose one answer.");
    await expect(choice.getByRole("radio", { name: "Yes" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(choice.getByRole("radio", { name: "I'd rather not say" })).toBeChecked();
    await tabTo(page, page.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");

    const heading = page.getByRole("heading", { level: 2, name: "Thank you for your answers" });
    await expect(heading).toBeFocused();
    await expect(page.getByText("From your answers, this study is not a good fit for you.")).toBeVisible();
    await expect(page.getByText(CODES.screenedOut, { exact: true })).toBeVisible();
    await expect(page.getByText(CODES.completed)).toHaveCount(0);
    await expectNoAxeViolations(page, "the screened-out page");
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: "Thank you for your answers" })).toBeVisible();
    await expect(page.getByText(CODES.screenedOut, { exact: true })).toBeVisible();
    // the answers are fixed: the screener is not asked again
    await expect(page.getByRole("heading", { name: "Before you start" })).toHaveCount(0);
    await Promise.all([page.context().close(), api.dispose()]);
  });
});
