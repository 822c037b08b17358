import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { createOpenStudy, DEFAULT_FLAGS, importFile, signedInRequest, THREE_LABELS } from "./helpers/api";
import { captureParticipantResponses, check, consentWithKeyboard, enter, tabTo } from "./helpers/participant";
import { expectNoneContain } from "./helpers/privacy";
import { hasSample, SAMPLES_ABSENT, singleQuestionScenario, TOMATO_SAMPLE } from "./helpers/samples";
import { createUser, E2E, unique } from "./support";

// The participant-page fixes, against the real server: no benchmark metadata on the page or in
// what it sends, a phone-sized run with Submit in reach, and "Stop here" giving the unit back.

const MENTAL_STATES = ["belief", "intention", "desire", "emotion", "knowledge"];

async function tomatoStudy(admin: APIRequestContext, extra: Record<string, unknown> = {}) {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, TOMATO_SAMPLE, unique("tomato"));
  const { scenario, record } = singleQuestionScenario();
  const study = await createOpenStudy(api, {
    name: unique("task-participant"),
    datasetId,
    unitType: "question",
    n: 1,
    entryMode: "link",
    filter: { scenario: [scenario] },
    config: { contextChecks: { flags: DEFAULT_FLAGS, comment: true }, answerKey: false, labelJudgement: THREE_LABELS },
    ...extra,
  });
  return { api, study, scenario, record };
}

async function newPage(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
  const context = await browser.newContext(options);
  return context.newPage();
}

test.describe("[TASK]", () => {
  test.skip(!hasSample(TOMATO_SAMPLE), SAMPLES_ABSENT);

  test("[TASK][PRIVACY] no tag value reaches the participant's page or leaves it: no scenario code, no mental state in a heading, no source id", async ({ admin, browser }) => {
    const { api, study, scenario, record } = await tomatoStudy(admin);
    const page = await newPage(browser);
    const captured = captureParticipantResponses(page.context());
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && /\/api\/s\//.test(r.url())) sent.push(r.postData() ?? "");
    });
    await enter(page, `${E2E.baseURL}/s/${study.code}`);
    await consentWithKeyboard(page);
    await expect(page.getByRole("heading", { level: 2, name: "Conversation 1 of 1", exact: true })).toBeVisible();

    const tags = [
      scenario,
      record.q_id,
      String(record.big_five),
      String(record.sotopia_environment),
      ...((record.sotopia_agents as string[] | undefined) ?? []),
    ];
    const text = await page.locator("body").innerText();
    for (const t of tags) expect(text, `the page shows ${t}`).not.toContain(t);
    const headings = (await page.getByRole("heading").allInnerTexts()).join(" | ").toLowerCase();
    for (const m of MENTAL_STATES) expect(headings, `a heading names the mental state "${m}"`).not.toContain(m);

    await page.getByRole("group", { name: /^Incoherent\?/ }).getByRole("radio", { name: "Fine" }).check();
    await check(page, /^Unsafe/).getByRole("radio", { name: "Fine" }).check();
    await check(page, /^Is this question a fair test/).getByRole("radio", { name: "Fair", exact: true }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/done$/);
    await captured.settled();

    // What the participant's browser received (pages and the API) and what it sent hold none of the tag values.
    const received = captured.all;
    expect(received.some((r) => r.url.endsWith("/next")), "the unit itself was captured").toBe(true);
    expectNoneContain(received, tags.filter((t) => t.length >= 5));
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) for (const t of [...tags, ...MENTAL_STATES.map((m) => `"${m}"`)]) expect(body).not.toContain(t);
    await Promise.all([page.context().close(), api.dispose()]);
  });

  test("[TASK][PHONE] 390×844 touch: the page scrolls (no box inside it), no keyboard hints, the conversation one tap away, Submit in reach without scrolling past the questions", async ({ admin, browser }) => {
    const { api, study } = await tomatoStudy(admin);
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    await enter(page, `${E2E.baseURL}/s/${study.code}`);
    await page.getByRole("checkbox", { name: "I have read the instructions and agree to take part" }).tap();
    await page.getByRole("button", { name: "Continue" }).tap();
    await expect(page).toHaveURL(/\/task$/);
    const heading = page.getByRole("heading", { level: 2, name: "Conversation 1 of 1", exact: true });
    await expect(heading).toBeVisible();
    expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches), "the browser reports a touch screen").toBe(true);

    const transcript = page.getByRole("region", { name: "Conversation", exact: true });
    const box = await transcript.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(box.scroll, "the transcript is not a scroll box of its own").toBeLessThanOrEqual(box.client + 1);
    await expect(page.getByText(/^Keyboard: press/)).toBeHidden();

    const submit = page.getByRole("button", { name: "Submit" });
    const lastQuestion = check(page, /^Is this question a fair test/);
    await expect(submit).toBeInViewport();
    await expect(lastQuestion, "the questions go on below the screen").not.toBeInViewport();
    await expectNoAxeViolations(page, "the task page on a phone");

    await check(page, /^Incoherent\?/).getByRole("radio", { name: "Fine" }).tap();
    await expect(submit).toBeInViewport();
    await page.getByRole("button", { name: "Show the conversation" }).tap();
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
    await check(page, /^Unsafe/).getByRole("radio", { name: "Fine" }).tap();
    await lastQuestion.getByRole("radio", { name: "Fair", exact: true }).tap();
    await expect(submit).toBeInViewport();
    await submit.tap();
    await expect(page).toHaveURL(/\/done$/);
    await Promise.all([page.context().close(), api.dispose()]);
  });

  test("[TASK][CONSENT] the consent page: the information sheet apart from the instructions, units, expected time, whom to contact; without a set time and with no answers yet, no time is guessed", async ({ admin, browser }) => {
    const sheet = "# Your data\n\nAnswers are stored without your name. Version two of this sheet.";
    const { api, study } = await tomatoStudy(admin, {
      instructions: "Read the conversation, then answer.",
      consent: { informationSheet: sheet, contact: "study-team@example.org", version: "2", expectedMinutes: 7 },
    });
    const page = await newPage(browser);
    await enter(page, `${E2E.baseURL}/s/${study.code}`);
    await expect(page).toHaveURL(/\/consent$/);
    const about = page.getByRole("region", { name: "About this study" });
    await expect(about).toContainText("Up to 1 unit");
    await expect(about).toContainText("About 7 minutes");
    await expect(about).toContainText("study-team@example.org");
    const info = page.getByRole("region", { name: /^Information sheet/ });
    await expect(info.getByRole("heading", { level: 3, name: "Your data" })).toBeVisible();
    await expect(info).toContainText("(version 2)");
    await expect(page.getByRole("region", { name: "Instructions" })).toContainText("Read the conversation, then answer.");
    await expect(page.getByRole("region", { name: "Instructions" })).not.toContainText("stored without your name");
    await expectNoAxeViolations(page, "the consent page with an information sheet");
    const box = page.getByRole("checkbox", { name: "I have read the information sheet and the instructions and agree to take part" });
    await tabTo(page, box);
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/task$/);

    const plain = await tomatoStudy(admin);
    const other = await newPage(browser);
    await enter(other, `${E2E.baseURL}/s/${plain.study.code}`);
    await expect(other.getByRole("region", { name: "About this study" })).toContainText("Up to 1 unit");
    await expect(other.getByText(/^About \d+ minutes?$/)).toHaveCount(0);
    await expect(other.getByRole("region", { name: /^Information sheet/ })).toHaveCount(0);
    await Promise.all([page.context().close(), other.context().close(), api.dispose(), plain.api.dispose()]);
  });

  test("[TASK][STOP] Stop here ends the session after a confirm, shows Prolific's return guidance, and the unit goes to another participant at once", async ({ admin, browser }) => {
    const { api, study } = await tomatoStudy(admin, { entryMode: "prolific" });
    const a = await newPage(browser);
    await enter(a, `${E2E.baseURL}/s/${study.code}`, { PROLIFIC_PID: unique("a"), STUDY_ID: "s", SESSION_ID: "1" });
    await consentWithKeyboard(a);
    const prompt = (await a.getByRole("region", { name: "Question 1" }).locator("p").first().innerText()).trim();

    const stop = a.getByRole("button", { name: "Stop here" });
    await stop.click();
    const dialog = a.getByRole("dialog", { name: "Stop here?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(a, "the stop dialog");
    await dialog.getByRole("button", { name: "Keep working" }).click();
    await expect(stop).toBeFocused();
    await stop.click();
    await dialog.getByRole("button", { name: "Stop here" }).click();
    await expect(a.getByRole("heading", { name: "You have stopped" })).toBeFocused();
    await expect(a.getByText(/On Prolific, please return your submission/)).toBeVisible();
    await expectNoAxeViolations(a, "the page after stopping");

    // N = 1 and one unit: only a released lease lets B have it now
    const b = await newPage(browser);
    await enter(b, `${E2E.baseURL}/s/${study.code}`, { PROLIFIC_PID: unique("b"), STUDY_ID: "s", SESSION_ID: "2" });
    await consentWithKeyboard(b);
    await expect(b.getByRole("region", { name: "Question 1" }).locator("p").first()).toHaveText(prompt);
    await Promise.all([a.context().close(), b.context().close(), api.dispose()]);
  });
});
