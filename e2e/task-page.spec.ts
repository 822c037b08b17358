import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createOpenStudy, DEFAULT_FLAGS, importFile, setStudyState, signedInRequest } from "./helpers/api";
import { consentWithKeyboard } from "./helpers/participant";
import { createUser, E2E, unique } from "./support";

// The task page is a route with one script of its own, not an App Router page
// (docs/participant-api.md, "The task page"): what the browser loads, the headers it gets, and
// the same guard and redirects as before. How it behaves is every other spec that visits it.

const TOMATO_FIXTURE = "tests/fixtures/tomato/valid.json";

async function openStudy(admin: Parameters<typeof createUser>[0], input: Record<string, unknown> = {}) {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, TOMATO_FIXTURE, unique("tomato"));
  const study = await createOpenStudy(api, { name: unique("task page"), datasetId, unitType: "question", n: 2, entryMode: "link", config: { contextChecks: { flags: DEFAULT_FLAGS, comment: false } }, ...input });
  return { api, study };
}

/** A consented participant on the study's first unit, in a context of its own. */
async function onFirstUnit(browser: Browser, code: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${E2E.baseURL}/s/${code}`);
  await consentWithKeyboard(page);
  await expect(page.getByText(/^Unit 1 of \d+$/)).toBeVisible();
  return { context, page };
}

/** Every check on the page answered with its option `option` for the first check, its first option for the others. */
async function answerChecks(page: Page, option = 0) {
  const checks = page.locator("fieldset[data-check]");
  for (let i = 0; i < (await checks.count()); i++) await checks.nth(i).getByRole("radio").nth(i === 0 ? option : 0).check();
}

/** Responses the study has stored, as its results count them. */
async function storedResponses(api: APIRequestContext, studyId: string): Promise<number> {
  return ((await (await api.get(`/api/studies/${studyId}/results`)).json()) as { progress: { responses: number } }).progress.responses;
}

test("[TASK-PAGE] one script of ours, with the response's nonce, gzipped and cached for good; no Next.js runtime; no CSP violation or hydration error", async ({ admin, browser }) => {
  const { api, study } = await openStudy(admin);
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations: string[] = [];
  const errors: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
    // a hydration mismatch (server HTML and the browser's first render differ) is logged as an error
    else if (m.type() === "error" && new URL(page.url()).pathname.endsWith("/task")) errors.push(m.text());
  });
  const consent = await page.goto(`${E2E.baseURL}/s/${study.code}`);
  await consentWithKeyboard(page);
  // the consent's own load of the task page may still be fetching its script: count only the load below
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  const scripts: { path: string; encoding?: string; cache?: string }[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push({ path: new URL(r.url()).pathname, encoding: r.headers()["content-encoding"], cache: r.headers()["cache-control"] });
  });
  const res = await page.goto(`${E2E.baseURL}/s/${study.code}/task`);
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  expect(scripts).toHaveLength(1);
  expect(scripts[0]!.path).toMatch(/^\/_next\/static\/task\/task-[0-9a-f]{16}\.js$/);
  expect(scripts[0]!.encoding).toBe("gzip");
  expect(scripts[0]!.cache).toContain("immutable");

  const headers = res!.headers();
  expect(headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(headers["cache-control"]).toContain("no-store");
  expect(headers["content-encoding"]).toBe("gzip");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  // the same framing rules as the other participant pages (MTurk may frame them)
  const consentHeaders = consent!.headers();
  expect(headers["x-frame-options"]).toBe(consentHeaders["x-frame-options"]);
  const frameAncestors = (csp: string | undefined) => /frame-ancestors [^;]+/.exec(csp ?? "")?.[0];
  expect(frameAncestors(headers["content-security-policy"])).toBe(frameAncestors(consentHeaders["content-security-policy"]));
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(await page.locator("script[src]").evaluate((el) => (el as HTMLScriptElement).nonce)).toBe(nonce);
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
  await api.dispose();
});

test("[TASK-PAGE] the guard: no participant → the study link; not consented → consent; paused → unavailable (307, as the page answered)", async ({ admin, browser }) => {
  const { api, study } = await openStudy(admin);
  const task = `${E2E.baseURL}/s/${study.code}/task`;
  const stranger = await browser.newContext();
  const none = await stranger.request.get(task, { maxRedirects: 0 });
  expect(none.status()).toBe(307);
  expect(none.headers().location).toBe(`/s/${study.code}`);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${E2E.baseURL}/s/${study.code}`);
  await expect(page).toHaveURL(/\/consent$/);
  const early = await context.request.get(task, { maxRedirects: 0 });
  expect(early.status()).toBe(307);
  expect(early.headers().location).toBe(`/s/${study.code}/consent`);

  await setStudyState(api, study.id, "paused");
  const paused = await context.request.get(task, { maxRedirects: 0 });
  expect(paused.status()).toBe(307);
  expect(paused.headers().location).toBe(`/s/${study.code}/unavailable?reason=paused`);
  await Promise.all([stranger.close(), context.close(), api.dispose()]);
});

test("[TASK-PAGE][OFFLINE] an answer held on the device through a lost connection is sent by itself, once, when the browser is back online", async ({ admin, browser }) => {
  // the page's own retries run about 30 s before it says the server cannot be reached
  test.setTimeout(120_000);
  const { api, study } = await openStudy(admin);
  const { context, page } = await onFirstUnit(browser, study.code);
  await answerChecks(page);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("We could not reach the server; your answers are saved on this device.")).toBeVisible({ timeout: 60_000 });
  const submitted = page.waitForResponse((r) => r.url().endsWith(`/api/s/${study.code}/submit`) && r.status() === 201);
  await context.setOffline(false);
  await submitted;
  await expect(page.getByText(/^Unit 2 of \d+$/)).toBeVisible();
  expect(await storedResponses(api, study.id)).toBe(1);
  await context.close();
  await api.dispose();
});

test("[TASK-PAGE][TWO-TABS] the same unit answered differently in two tabs: the first is saved, the second is told its answers were not", async ({ admin, browser }) => {
  const { api, study } = await openStudy(admin);
  const { context, page: first } = await onFirstUnit(browser, study.code);
  const second = await context.newPage();
  await second.goto(`${E2E.baseURL}/s/${study.code}/task`);
  await expect(second.getByText(/^Unit 1 of \d+$/)).toBeVisible();
  // each tab gives the first check a different answer, every other check its first option
  await answerChecks(first, 0);
  await answerChecks(second, 1);
  await first.getByRole("button", { name: "Submit" }).click();
  await expect(first.getByRole("status").filter({ hasText: "Your answers were saved." })).toBeVisible();
  await second.getByRole("button", { name: "Submit" }).click();
  await expect(second.getByText("This unit was already answered in another tab or window, so the answers on this page were not saved.")).toBeVisible();
  await expect(second.getByText(/^Unit 2 of \d+$/)).toBeVisible();
  expect(await storedResponses(api, study.id)).toBe(1);
  await context.close();
  await api.dispose();
});

test("[TASK-PAGE][TWO-TABS] a unit skipped in one tab and submitted in the other: the second is told once, and goes on (it looped on the done page, resending)", async ({ admin, browser }) => {
  const { api, study } = await openStudy(admin);
  const { context, page: first } = await onFirstUnit(browser, study.code);
  const second = await context.newPage();
  await second.goto(`${E2E.baseURL}/s/${study.code}/task`);
  await expect(second.getByText(/^Unit 1 of \d+$/)).toBeVisible();
  await first.getByRole("button", { name: "Skip this unit" }).click();
  await first.getByRole("dialog").getByRole("button", { name: "Skip this unit" }).click();
  await expect(first.getByRole("status").filter({ hasText: /skipped/i })).toBeVisible();
  const submits: number[] = [];
  second.on("response", (r) => {
    if (r.url().endsWith("/submit")) submits.push(r.status());
  });
  await answerChecks(second);
  await second.getByRole("button", { name: "Submit" }).click();
  await expect(second.getByText("This unit was skipped in another tab, or handed back, so these answers were not saved.")).toBeVisible();
  await expect(second.getByRole("button", { name: "Submit" })).toBeVisible();
  expect(submits).toEqual([409]);
  expect(await storedResponses(api, study.id)).toBe(0);
  await context.close();
  await api.dispose();
});

test("[TASK-PAGE][CLOSED] a study closed while a participant works: their next answer is refused, and they get the done page with their code, told why", async ({ admin, browser }) => {
  const { api, study } = await openStudy(admin);
  const { context, page } = await onFirstUnit(browser, study.code);
  await answerChecks(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(/^Unit 2 of \d+$/)).toBeVisible();
  await setStudyState(api, study.id, "closed");
  await answerChecks(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${study.code}/done$`));
  await expect(page.getByText("The study closed while you were working. The units counted above are saved; an answer sent after it closed could not be.")).toBeVisible();
  await expect(page.getByText("You completed 1 unit.", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your completion code" })).toBeVisible();
  expect(await storedResponses(api, study.id)).toBe(1);
  await context.close();
  await api.dispose();
});

test("[TASK-PAGE][CONSENT] someone who does not agree can say so, and is told to return the study on their platform", async ({ admin, browser }) => {
  const { api, study } = await openStudy(admin);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${E2E.baseURL}/s/${study.code}?PROLIFIC_PID=declines`);
  await page.getByRole("link", { name: "I do not want to take part" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You chose not to take part" })).toBeVisible();
  await expect(page.getByText(/return the study there/)).toBeVisible();
  await context.close();
  await api.dispose();
});

test("[TASK-PAGE][MTURK] an MTurk worker's done page posts the assignment back to MTurk's externalSubmit", async ({ admin, browser }) => {
  const { api, study } = await openStudy(admin, { entryMode: "mturk", maxUnitsPerParticipant: 1 });
  const context = await browser.newContext();
  const page = await context.newPage();
  const posted: string[] = [];
  await page.route("https://workersandbox.mturk.com/**", async (route) => {
    posted.push(`${route.request().method()} ${new URL(route.request().url()).pathname} ${route.request().postData() ?? ""}`);
    await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>MTurk</title><p>Submitted</p>" });
  });
  await page.goto(`${E2E.baseURL}/s/${study.code}?workerId=W-E2E&assignmentId=A-E2E&hitId=H-E2E&turkSubmitTo=${encodeURIComponent("https://workersandbox.mturk.com")}`);
  await consentWithKeyboard(page);
  await expect(page.getByText("Unit 1 of 1", { exact: true })).toBeVisible();
  await answerChecks(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${study.code}/done$`));
  await page.getByRole("button", { name: "Submit the HIT on MTurk" }).click();
  await expect(page.getByText("Submitted")).toBeVisible();
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatch(/^POST \/mturk\/externalSubmit assignmentId=A-E2E&completionCode=/);
  await context.close();
  await api.dispose();
});
