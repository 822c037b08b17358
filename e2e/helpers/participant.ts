import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

// A participant's browser, driven with the keyboard the way the task page documents it.

/** A participant of their own: a fresh browser context (no cookies shared with anyone) and its page. */
export async function newParticipant(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** Presses Tab until `target` has focus (bounded, so a broken tab order fails instead of looping). */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, "reachable with Tab").toBeFocused();
}

/** Consent with the keyboard only: Tab to the box, Space, Tab to Continue, Enter. */
export async function consentWithKeyboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/consent$/);
  const box = page.getByRole("checkbox", { name: "I have read the instructions and agree to take part" });
  await tabTo(page, box);
  await page.keyboard.press("Space");
  await expect(box).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Continue" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/task$/);
}

/** Opens the study link with platform parameters and lands on the consent page. */
export async function enter(page: Page, link: string, params: Record<string, string> = {}): Promise<void> {
  const url = new URL(link);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  await page.goto(url.toString());
}

/** The radio group of one check, by the start of its prompt. */
export function check(page: Page, prompt: RegExp): Locator {
  return page.getByRole("group", { name: prompt });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Chooses `option` in `group` with the keyboard, as a participant would: when focus sits in
 * another check, Tab moves into this one (a number key answers the focused check, or else the
 * first unanswered one); then the number shown beside the option (read from the page, so the
 * test follows the rendered numbering) is pressed. Waits until the radio is checked and the
 * page has moved focus on to the next unanswered check or the Submit button.
 */
export async function pressOption(page: Page, group: Locator, option: string): Promise<string> {
  // an option's name is its label, then its description if it has one
  const radio = group.getByRole("radio", { name: new RegExp(`^${escape(option)}(\\s|$)`) });
  await expect(radio).toHaveCount(1);
  const inOtherCheck = await group.evaluate((el) => {
    const focused = document.activeElement?.closest("[data-check]");
    return focused !== null && focused !== undefined && focused !== el;
  });
  if (inOtherCheck) {
    const checked = group.locator("input[type=radio]:checked");
    await tabTo(page, (await checked.count()) ? checked : group.getByRole("radio").first());
  }
  const key = (await radio.locator("xpath=..").locator('span[aria-hidden="true"]').first().innerText()).trim();
  expect(key, `the number shown for ${option}`).toMatch(/^[1-9]$/);
  await page.keyboard.press(key);
  await expect(radio).toBeChecked();
  await expect
    .poll(() => group.evaluate((el) => document.activeElement !== document.body && !el.contains(document.activeElement)), {
      message: "focus moves on after an answer",
    })
    .toBe(true);
  return key;
}

export interface Captured {
  url: string;
  status: number;
  body: string;
}

/**
 * Records the body of every response the context receives from the participant routes
 * (/s/** pages and their RSC payloads, /api/s/**). Redirects have no body and are kept empty.
 * The API's answers are read on their way to the page (a route): the task page leaves for /done
 * with a full page load, and Chromium drops a document's response bodies once the next document
 * commits, often before a response listener has read them.
 */
export function captureParticipantResponses(context: BrowserContext): { all: Captured[]; settled: () => Promise<void> } {
  const all: Captured[] = [];
  const pending: Promise<void>[] = [];
  pending.push(
    context.route(/\/api\/s\//, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      all.push({ url: route.request().url(), status: response.status(), body });
      // the body is handed on decoded, so it is sent without its encoding
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([k]) => k !== "content-encoding" && k !== "content-length"));
      await route.fulfill({ status: response.status(), headers, body });
    }).then(() => undefined),
  );
  context.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (!/^\/s\//.test(pathname)) return;
    pending.push(
      (async () => {
        let body = "";
        if (response.status() < 300 || response.status() >= 400) {
          body = await response.text().catch(() => "");
        }
        all.push({ url: response.url(), status: response.status(), body });
      })(),
    );
  });
  return { all, settled: async () => void (await Promise.all(pending)) };
}

/** Keeps the completion redirect on this machine: Prolific's page is answered with a stub. */
export async function stubProlific(context: BrowserContext): Promise<void> {
  await context.route("https://app.prolific.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Prolific stub</title><h1>Prolific stub</h1>" }),
  );
}

/** What the page sent to POST /submit, with what the stub answered. */
export interface StubbedSubmit {
  body: { assignmentId: string; idempotencyKey: string; stage?: number; payload: Record<string, unknown>; durationMs: number | null; signals?: { pastes?: number; focusLosses?: number } };
}

/**
 * Answers the task page's participant API from a script, in the wire format of
 * docs/participant-api.md: each GET /next gets the next of `nexts` (the last one repeats), each
 * POST /submit is recorded and answered by `onSubmit` (201 by default). For designs whose server
 * side is not merged yet: the page is real, the study and participant behind it are real, only
 * these two calls are played back.
 */
export async function stubTaskApi(
  page: Page,
  code: string,
  nexts: unknown[],
  onSubmit: (body: StubbedSubmit["body"], index: number) => { status: number; json: unknown } = () => ({ status: 201, json: { responseId: "r", duplicate: false } }),
): Promise<StubbedSubmit[]> {
  const submits: StubbedSubmit[] = [];
  let served = 0;
  await page.route(`**/api/s/${code}/next`, (route) => {
    const body = nexts[Math.min(served++, nexts.length - 1)];
    return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
  });
  await page.route(`**/api/s/${code}/submit`, (route) => {
    const body = route.request().postDataJSON() as StubbedSubmit["body"];
    submits.push({ body });
    const answer = onSubmit(body, submits.length - 1);
    const problem = answer.status >= 400;
    return route.fulfill({ status: answer.status, contentType: problem ? "application/problem+json" : "application/json", body: JSON.stringify(answer.json) });
  });
  return submits;
}
