import { readdirSync } from "node:fs";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { AUDITED_PAGES, PAGE_ROUTES } from "../lib/a11y/audited-pages";
import { expect, test } from "./fixtures";
import { audit } from "./helpers/audit";
import { createOpenStudy, DEFAULT_FLAGS, importFile, signedInRequest, type StudyInput } from "./helpers/api";
import { consentWithKeyboard, enter, stubTaskApi } from "./helpers/participant";
import { createUser, E2E, unique } from "./support";

// WCAG 2.2 AA: every page of the app (every app/**/page.tsx, listed in lib/a11y/audited-pages.ts,
// which the /accessibility statement shows) is audited with axe in the states listed there, as
// each person who sees it. Serious and critical findings fail; moderate ones are printed.

const ROOT = path.resolve(import.meta.dirname, "..");
const TOMATO = path.join(ROOT, "tests/fixtures/tomato/valid.json");
const KINDS = path.join(ROOT, "tests/fixtures/generic/baseline-kinds.jsonl");
const REVIEW = path.join(ROOT, "tests/fixtures/diamonds/review-conv-QA.jsonl");

interface Person {
  email: string;
  password: string;
  api: APIRequestContext;
}

interface World {
  researcher: Person;
  /** a researcher with nothing yet: the empty lists */
  newcomer: Person;
  annotator: Person;
  datasetId: string;
  /** a validation study over the ToMATO fixture, with one participant's answer */
  study: { id: string; code: string };
  /** open to expert annotators: their queue */
  annotatorStudy: { id: string; code: string };
}

async function person(admin: APIRequestContext, role: "researcher" | "annotator"): Promise<Person> {
  const u = await createUser(admin, role);
  return { email: u.email, password: u.password, api: await signedInRequest(u.email, u.password) };
}

const validation = (datasetId: string, extra: Partial<StudyInput> = {}): StudyInput => ({
  name: unique("a11y"),
  datasetId,
  unitType: "context",
  // room for every participant the visits bring
  n: 50,
  entryMode: "link",
  config: { contextChecks: { flags: DEFAULT_FLAGS, comment: true }, answerKey: false, labelJudgement: null },
  ...extra,
});

/** A participant answers one unit through the API (first option of every check). */
async function answerOne(code: string, pid: string): Promise<void> {
  const p = await playwrightRequest.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { origin: E2E.baseURL } });
  expect((await p.get(`/s/${code}?PROLIFIC_PID=${pid}`)).ok()).toBe(true);
  expect((await p.post(`/api/s/${code}/consent`, { data: { consent: true } })).status()).toBe(200);
  const next = (await (await p.get(`/api/s/${code}/next`)).json()) as { unit: { assignmentId: string; checks: { key: string; options: { value: string }[] }[] } };
  const answers = Object.fromEntries(next.unit.checks.map((c) => [c.key, c.options[0]!.value]));
  const res = await p.post(`/api/s/${code}/submit`, { data: { assignmentId: next.unit.assignmentId, idempotencyKey: unique("key"), payload: { answers }, durationMs: 5000 } });
  expect(res.status(), await res.text()).toBe(201);
  await p.dispose();
}

let world: Promise<World> | null = null;
function theWorld(admin: APIRequestContext): Promise<World> {
  world ??= (async () => {
    const [researcher, newcomer, annotator] = [await person(admin, "researcher"), await person(admin, "researcher"), await person(admin, "annotator")];
    const { datasetId } = await importFile(researcher.api, TOMATO, unique("tomato"));
    const study = await createOpenStudy(researcher.api, validation(datasetId));
    await answerOne(study.code, unique("p"));
    const annotatorStudy = await createOpenStudy(researcher.api, validation(datasetId, { entryMode: "annotators" }));
    return { researcher, newcomer, annotator, datasetId, study, annotatorStudy };
  })();
  return world;
}

/** A browser context signed in as this person (the API context's session cookie). */
async function browserAs(browser: Browser, who: Person | null): Promise<BrowserContext> {
  return browser.newContext(who ? { storageState: await who.api.storageState() } : {});
}

async function visit(page: Page, url: string, heading: string | RegExp): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** A fresh participant of `code` on the task page, by the keyboard from the link. */
async function participantOnTask(page: Page, code: string): Promise<void> {
  await enter(page, `${E2E.baseURL}/s/${code}`);
  await consentWithKeyboard(page);
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
}

/** Answers every radio group with its first option and submits. */
async function answerByMouse(page: Page): Promise<void> {
  const names = await page.locator("input[type=radio]").evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLInputElement).name))]);
  for (const name of names) await page.locator(`input[type=radio][name="${name}"]`).first().check();
  await page.getByRole("button", { name: "Submit" }).click();
}

const AID = "0190a6b2-0000-7000-8000-00000000b001";
const QID = "0190a6b2-0000-7000-8000-00000000b0aa";
const conversation = { type: "conversation", turns: [{ speaker: "Mira", text: "I put the apple in the green basket." }, { speaker: "Tomas", text: "I will be back after lunch." }] };
const stubUnit = (extra: Record<string, unknown>) => ({
  assignmentId: AID,
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  phase: "task",
  stage: 1,
  stages: 1,
  title: null,
  context: { views: { main: conversation }, defaultView: "main", layout: "tabs" },
  questions: [],
  checks: [],
  commentAllowed: false,
  ...extra,
});
const unitNext = (unit: unknown) => ({ status: "unit", progress: { done: 0, total: 1 }, unit });

type Visit = (t: { page: Page; browser: Browser; admin: APIRequestContext; w: () => Promise<World> }) => Promise<void>;

// One visit per page file; the coverage test below checks that this list and app/ agree.
const VISITS: Record<string, Visit> = {
  "app/signin/page.tsx": async ({ page }) => {
    await visit(page, "/signin", "Sign in");
    await audit(page, "sign-in");
    await page.getByLabel("Email").fill("nobody@e2e.test");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    // inside main: Next's route announcer is an (empty) alert too, once the router has mounted
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("The email or password is not right.");
    await audit(page, "sign-in after a wrong password");
  },
  "app/page.tsx": async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/signin/);
    await audit(page, "/ signed out");
  },
  "app/accessibility/page.tsx": async ({ page, w }) => {
    await visit(page, "/accessibility", "Accessibility");
    await expect(page.getByRole("table", { name: "Pages audited" })).toContainText("/s/<code>/task");
    await audit(page, "the accessibility statement");
    const { study } = await w();
    await visit(page, `/accessibility?study=${study.code}`, "Accessibility");
    await audit(page, "the accessibility statement from a study");
  },
  "app/(console)/datasets/page.tsx": async ({ browser, admin, w }) => {
    const { newcomer, researcher } = await w();
    for (const [who, what] of [[newcomer, "empty"], [researcher, "with a dataset"], [null, "admin"]] as const) {
      const ctx = who ? await browserAs(browser, who) : await browser.newContext({ storageState: await admin.storageState() });
      const page = await ctx.newPage();
      await visit(page, "/datasets", "Datasets");
      await audit(page, `datasets (${what})`);
      await ctx.close();
    }
  },
  "app/(console)/datasets/[id]/page.tsx": async ({ browser, admin, w }) => {
    const { researcher, datasetId } = await w();
    for (const [ctx, what] of [[await browserAs(browser, researcher), "owner"], [await browser.newContext({ storageState: await admin.storageState() }), "admin"]] as const) {
      const page = await ctx.newPage();
      await page.goto(`/datasets/${datasetId}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await audit(page, `a dataset (${what})`);
      await ctx.close();
    }
  },
  "app/(console)/datasets/[id]/contexts/[contextId]/page.tsx": async ({ browser, w }) => {
    const { researcher, datasetId } = await w();
    const ctx = await browserAs(browser, researcher);
    const page = await ctx.newPage();
    await page.goto(`/datasets/${datasetId}`);
    await page.locator(`a[href*="/datasets/${datasetId}/contexts/"]`).first().click();
    await expect(page).toHaveURL(/\/contexts\//);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await audit(page, "a ToMATO transcript in the console");
    await ctx.close();
  },
  "app/(console)/studies/page.tsx": async ({ browser, admin, w }) => {
    const { newcomer, researcher } = await w();
    for (const [who, what] of [[newcomer, "empty"], [researcher, "with studies"], [null, "admin"]] as const) {
      const ctx = who ? await browserAs(browser, who) : await browser.newContext({ storageState: await admin.storageState() });
      const page = await ctx.newPage();
      await visit(page, "/studies", "Studies");
      await audit(page, `studies (${what})`);
      await ctx.close();
    }
  },
  "app/(console)/studies/new/page.tsx": async ({ browser, w }) => {
    const { researcher } = await w();
    const ctx = await browserAs(browser, researcher);
    const page = await ctx.newPage();
    await visit(page, "/studies/new", "New study");
    await audit(page, "the new-study form");
    await page.getByRole("button", { name: "Create study" }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await audit(page, "the new-study form with errors");
    await ctx.close();
  },
  "app/(console)/studies/[id]/page.tsx": async ({ browser, admin, w }) => {
    const { researcher, study } = await w();
    for (const [ctx, what] of [[await browserAs(browser, researcher), "owner"], [await browser.newContext({ storageState: await admin.storageState() }), "admin"]] as const) {
      const page = await ctx.newPage();
      await page.goto(`/studies/${study.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // the charts over time stream in after the rest: audited once they are there
      await expect(page.getByRole("status").filter({ hasText: "Working out the charts over time" })).toHaveCount(0);
      await audit(page, `a study's overview (${what})`);
      await ctx.close();
    }
  },
  "app/(console)/studies/[id]/units/page.tsx": (t) => studyTab(t, "units"),
  "app/(console)/studies/[id]/participants/page.tsx": (t) => studyTab(t, "participants"),
  "app/(console)/studies/[id]/adjudication/page.tsx": (t) => studyTab(t, "adjudication"),
  "app/(console)/studies/[id]/settings/page.tsx": (t) => studyTab(t, "settings"),
  "app/(console)/studies/[id]/groups/page.tsx": (t) => studyTab(t, "groups"),
  "app/(console)/studies/[id]/quality/page.tsx": (t) => studyTab(t, "quality"),
  "app/(console)/queue/page.tsx": async ({ browser, w }) => {
    const { annotator } = await w();
    const ctx = await browserAs(browser, annotator);
    const page = await ctx.newPage();
    await page.goto("/queue");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await audit(page, "an annotator's queue");
    await ctx.close();
  },
  "app/(console)/users/page.tsx": async ({ browser, admin }) => {
    const ctx = await browser.newContext({ storageState: await admin.storageState() });
    const page = await ctx.newPage();
    await visit(page, "/users", "Users");
    await audit(page, "users (admin)");
    await ctx.close();
  },
  "app/(console)/account/page.tsx": async ({ browser, w }) => {
    const { annotator, researcher } = await w();
    const name = unique("token");
    expect((await researcher.api.post("/api/tokens", { data: { name, expiresInDays: 30 } })).status()).toBe(201);
    for (const [who, what] of [[annotator, "annotator"], [researcher, "researcher with a token"]] as const) {
      const ctx = await browserAs(browser, who);
      const page = await ctx.newPage();
      await visit(page, "/account", "Account");
      await audit(page, `account (${what})`);
      if (who === researcher) {
        await page.getByRole("button", { name: `Revoke token “${name}”` }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await audit(page, "account with the revoke dialog open");
      }
      await ctx.close();
    }
  },
  "app/(console)/api-docs/page.tsx": async ({ browser, w }) => {
    const { researcher } = await w();
    const ctx = await browserAs(browser, researcher);
    const page = await ctx.newPage();
    await page.goto("/api-docs");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await audit(page, "the API reference");
    await ctx.close();
  },
  "app/s/[code]/consent/page.tsx": async ({ page, w }) => {
    const { study } = await w();
    await enter(page, `${E2E.baseURL}/s/${study.code}`);
    await expect(page).toHaveURL(/\/consent$/);
    await audit(page, "consent");
  },
  "app/s/[code]/task/route.ts": async (t) => {
    const { researcher, study, datasetId } = await t.w();
    const page = t.page;
    // validation over a ToMATO transcript (real server), then the stop dialog
    await participantOnTask(page, study.code);
    await audit(page, "task: validation of a ToMATO transcript");
    await page.getByRole("button", { name: "Stop here" }).click();
    await expect(page.getByRole("dialog", { name: "Stop here?" })).toBeVisible();
    await audit(page, "task: the stop dialog open");
    await page.keyboard.press("Escape");
    // a phone
    const phone = await t.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const onPhone = await phone.newPage();
    await participantOnTask(onPhone, study.code);
    await audit(onPhone, "task on a phone");
    await phone.close();
    // baseline with every question kind (real server)
    const kinds = await importFile(researcher.api, KINDS, unique("kinds"));
    const baseline = await createOpenStudy(researcher.api, { name: unique("baseline"), datasetId: kinds.datasetId, design: "baseline", unitType: "context", n: 1, entryMode: "link", config: {} });
    const b = await t.browser.newContext();
    await participantOnTask(await b.newPage(), baseline.code);
    await audit(b.pages()[0]!, "task: baseline, every question kind");
    await b.close();
    // checklist, side by side (real server, an annotator)
    const review = await importFile(researcher.api, REVIEW, unique("review"));
    const checklist = await createOpenStudy(researcher.api, {
      name: unique("checklist"),
      datasetId: review.datasetId,
      design: "checklist",
      unitType: "question",
      n: 1,
      entryMode: "annotators",
      views: ["script", "conversation"],
      sampling: { kind: "random", k: 1, seed: 1 },
      config: { checklists: [{ key: "script", title: "Script and answer", criteria: [{ key: "answerable", prompt: "Is the question answerable from the script?", answer: "yes_no", help: "Use the script only." }] }] },
    });
    const reviewer = await person(t.admin, "annotator");
    const c = await browserAs(t.browser, reviewer);
    await participantOnTask(await c.newPage(), checklist.code);
    await audit(c.pages()[0]!, "task: checklist, side by side");
    await c.close();
    // rating and stage 2 of a staged unit: the page is real, GET /next is played back
    const r = await t.browser.newContext();
    const rp = await r.newPage();
    const rated = await createOpenStudy(researcher.api, validation(datasetId));
    await participantOnTask(rp, rated.code);
    const rating = stubUnit({
      questions: [{ id: QID, kind: "free_text", prompt: "Why did Mira hide the apple?", options: null, answer: false, reference: "As a joke.", bonusPoints: ["mentions the joke"] }],
      rating: { answer: "She wanted it for later.", scale: { min: 0, max: 1, step: 0.5 }, penalties: ["Too vague"] },
      commentAllowed: true,
    });
    const staged = stubUnit({
      stage: 2,
      stages: 2,
      context: { views: { c2000: { type: "passage", paragraphs: ["Mira packed apples.", "Later Ines moved one to the table."] } }, defaultView: "c2000", layout: "tabs" },
      questions: [{ id: QID, kind: "single_choice", prompt: "Where will Tomas look?", options: ["In the basket", "On the table"], answer: true }],
      previous: { answers: { [QID]: 0 } },
    });
    await stubTaskApi(rp, rated.code, [unitNext(rating), unitNext(staged)]);
    await rp.reload();
    await expect(rp.getByRole("region", { name: "The answer to rate" })).toBeVisible();
    await audit(rp, "task: rating");
    await rp.reload();
    await expect(rp.getByText("Your first answer: In the basket")).toBeVisible();
    await audit(rp, "task: stage 2 of a staged unit");
    await r.close();
  },
  "app/s/[code]/done/page.tsx": async ({ page, w }) => {
    const { researcher, datasetId } = await w();
    const one = await createOpenStudy(researcher.api, validation(datasetId, { maxUnitsPerParticipant: 1 }));
    await participantOnTask(page, one.code);
    await answerByMouse(page);
    await expect(page).toHaveURL(/\/done$/);
    await audit(page, "done, with a completion code");
  },
  "app/s/[code]/unavailable/page.tsx": async ({ page, w }) => {
    const { study } = await w();
    await page.goto(`/s/${study.code}/unavailable?reason=none_left`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await audit(page, "unavailable (none left)");
  },
};

async function studyTab({ browser, w }: Parameters<Visit>[0], tab: string): Promise<void> {
  const { researcher, study } = await w();
  const ctx = await browserAs(browser, researcher);
  const page = await ctx.newPage();
  await page.goto(`/studies/${study.id}/${tab}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await audit(page, `a study's ${tab}`);
  await ctx.close();
}

function pageFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return pageFiles(rel);
    return /^page\.(tsx|ts|jsx|js)$/.test(e.name) || PAGE_ROUTES.includes(rel) ? [rel] : [];
  });
}

test.describe("[A11Y]", () => {
  test("[A11Y][COVERAGE] every app/**/page.tsx has a row in lib/a11y/audited-pages.ts and a visit here", () => {
    const files = pageFiles("app").sort();
    expect(AUDITED_PAGES.map((p) => p.file).sort(), "rows in lib/a11y/audited-pages.ts").toEqual(files);
    expect(Object.keys(VISITS).sort(), "visits in e2e/a11y.spec.ts").toEqual(files);
  });

  for (const row of AUDITED_PAGES) {
    test(`[A11Y][AXE] ${row.path}: ${row.states.join("; ")}`, async ({ page, browser, admin }) => {
      test.setTimeout(180_000);
      const run = VISITS[row.file];
      test.skip(!run, `no visit for ${row.file} (the coverage test fails)`);
      await run!({ page, browser, admin, w: () => theWorld(admin) });
    });
  }
});
