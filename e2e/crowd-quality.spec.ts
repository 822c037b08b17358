import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { createOpenStudy, importFile, signedInRequest } from "./helpers/api";
import { consentWithKeyboard, enter, tabTo } from "./helpers/participant";
import { createUser, E2E, uiSignIn, unique } from "./support";

// Crowd quality control as Prolific participants meet it, in Chromium by keyboard: a qualification
// test failed once and passed on the second attempt, an attention check missed (the policy ends the
// session with its code), then the researcher excludes a participant on the annotator-quality page
// with a reason, and the raw export keeps both participants' rows, invalid, with the reason.

const CODES = { completed: "C-DONE", failedQualification: "C-QUAL", failedAttention: "C-ATTN" };
const ATTENTION = "To show you are reading, choose Blue.";

/** Generic items: the right answer is named in each prompt, so a test (or a careful person) can tell. */
function writeItems(): string {
  const lines: string[] = [];
  for (const [role, count] of [["study", 4], ["qual", 4]] as const) {
    for (let i = 0; i < count; i++) {
      const answer = i % 2;
      const right = ["red", "blue"][answer];
      lines.push(
        JSON.stringify({
          id: `${role}-${i}`,
          context: { type: "passage", paragraphs: [`A short passage, number ${i} of the ${role} items.`] },
          questions: [{ kind: "single_choice", prompt: `(${role} ${i}) The passage's colour is ${right}. Which colour is it?`, options: ["red", "blue"], answer, tags: { role } }],
        }),
      );
    }
  }
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "crowd-e2e-")), "crowd.jsonl");
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

type Choice = "right" | "wrong";

/** Answers the unit on screen by its number key, submits with Tab and Enter, and waits for what comes next. */
async function answerUnit(page: Page, choice: (prompt: string) => Choice): Promise<string> {
  const q = page.getByRole("region", { name: "Question 1" });
  const radios = q.getByRole("radio");
  await expect(radios.first()).toBeVisible();
  // a new unit has nothing chosen yet (the one just sent still shows its answer until it is replaced)
  await expect(q.locator("input[type=radio]:checked")).toHaveCount(0);
  const prompt = await q.innerText();
  const wanted = prompt.includes(ATTENTION) ? "blue" : /colour is (red|blue)/.exec(prompt)?.[1];
  expect(wanted, `the right answer is named in "${prompt}"`).toBeTruthy();
  const labels = await radios.evaluateAll((els) => els.map((e) => ((e as HTMLInputElement).labels?.[0]?.innerText ?? "").toLowerCase()));
  const right = labels.findIndex((l) => l.includes(wanted!));
  expect(right, `"${wanted}" among ${labels.join(" | ")}`).toBeGreaterThanOrEqual(0);
  const pick = choice(prompt) === "right" ? right : right === 0 ? 1 : 0;
  await tabTo(page, radios.first());
  await page.keyboard.press(String(pick + 1));
  await expect(radios.nth(pick)).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Submit" }));
  const submitted = page.waitForResponse((r) => r.url().endsWith("/submit") && r.request().method() === "POST");
  const next = page.waitForResponse((r) => /\/api\/s\/[^/]+\/next$/.test(r.url()));
  await page.keyboard.press("Enter");
  expect((await submitted).status()).toBe(201);
  await next;
  return prompt;
}

/** What the page shows once it settles after a submit: a fresh unit (nothing chosen yet) or the done page. */
async function nextStep(page: Page): Promise<"unit" | "done"> {
  const fresh = async () => {
    const question = page.getByRole("region", { name: "Question 1" });
    return (await question.locator("input[type=radio]").count()) > 0 && (await question.locator("input[type=radio]:checked").count()) === 0;
  };
  await expect.poll(async () => /\/done$/.test(page.url()) || (await fresh()), { message: "a new unit or the done page", timeout: 30_000 }).toBe(true);
  return /\/done$/.test(page.url()) ? "done" : "unit";
}

test("[CROWD] qualification in 2 attempts, a missed attention check, an exclusion with a reason on the quality page, and the raw export's reason column", async ({ admin, browser, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, writeItems(), unique("crowd"));
  const study = await createOpenStudy(api, {
    name: unique("crowd study"),
    datasetId,
    design: "baseline",
    unitType: "question",
    n: 2,
    entryMode: "prolific",
    filter: { role: ["study"] },
    config: {},
    qualification: { filter: { role: ["qual"] }, k: 2, passThreshold: 1, attempts: 2 },
    attention: { every: 2, items: [{ prompt: ATTENTION, options: ["Red", "Blue", "Green"], answer: 1 }] },
    exclusion: { maxFailedAttention: 0 },
    completionCodes: CODES,
  });

  // Ana fails the qualification once (both items wrong), passes the second attempt, then answers
  // every unit and the attention check right.
  const ana = await (await browser.newContext()).newPage();
  await enter(ana, `${E2E.baseURL}/s/${study.code}`, { PROLIFIC_PID: "ana", STUDY_ID: "s", SESSION_ID: "a" });
  await consentWithKeyboard(ana);
  await expectNoAxeViolations(ana, "a qualification item");
  for (let i = 0; i < 2; i++) expect(await answerUnit(ana, () => "wrong")).toMatch(/\(qual \d\)/);
  for (let i = 0; i < 2; i++) expect(await answerUnit(ana, () => "right")).toMatch(/\(qual \d\)/);
  const anaSaw: string[] = [];
  // study units with attention checks between them, until the done page: wait for either
  for (let i = 0; i < 12 && (await nextStep(ana)) === "unit"; i++) anaSaw.push(await answerUnit(ana, () => "right"));
  await expect(ana).toHaveURL(/\/done$/);
  await expect(ana.getByText(CODES.completed)).toBeVisible();
  expect(anaSaw.some((p) => p.includes(ATTENTION)), "an attention check came between units").toBe(true);
  expect(anaSaw.filter((p) => /\(study \d\)/.test(p)).length).toBeGreaterThanOrEqual(2);

  // Bo passes the qualification, then misses the attention check: the policy ends his session.
  const bo = await (await browser.newContext()).newPage();
  await enter(bo, `${E2E.baseURL}/s/${study.code}`, { PROLIFIC_PID: "bo", STUDY_ID: "s", SESSION_ID: "b" });
  await consentWithKeyboard(bo);
  for (let i = 0; i < 2; i++) await answerUnit(bo, () => "right");
  let ended = false;
  for (let i = 0; i < 6 && !ended; i++) {
    const prompt = await answerUnit(bo, (p) => (p.includes(ATTENTION) ? "wrong" : "right"));
    ended = prompt.includes(ATTENTION);
  }
  expect(ended, "Bo met an attention check").toBe(true);
  await expect(bo.getByRole("heading", { name: "This study has ended for you" })).toBeFocused();
  await expect(bo.getByText(CODES.failedAttention)).toBeVisible();
  await expectNoAxeViolations(bo, "the failed-attention outcome");

  // The researcher excludes Ana on the quality page, with a reason.
  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page).not.toHaveURL(/\/signin/);
  await page.goto(`/studies/${study.id}/quality`);
  const table = page.getByRole("table", { name: /quality signals/ });
  await expect(table).toBeVisible();
  const quality = (await (await api.get(`/api/studies/${study.id}/quality`)).json()) as { rows: { pseudonym: string; externalId: string | null }[] };
  const name = quality.rows.find((r) => r.externalId === "ana")!.pseudonym;
  const row = table.locator(`tbody > tr[data-participant="${name}"]`);
  await row.getByRole("button", { name: `Exclude ${name}` }).click();
  const reason = "Answered the qualification at random on the first try.";
  await page.getByRole("textbox", { name: new RegExp(`Reason for excluding ${name}`) }).fill(reason);
  await page.getByRole("form", { name: `Exclude ${name}` }).getByRole("button", { name: "Exclude" }).click();
  await expect(page.getByRole("status")).toContainText(`${name} is excluded`);
  await expectNoAxeViolations(page, "the quality page after an exclusion");

  // The raw export keeps every row; the excluded ones say why.
  const res = await api.get(`/api/studies/${study.id}/export?format=responses-csv`);
  expect(res.status()).toBe(200);
  const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
  const of = (pid: string) => rows.filter((r) => r.external_id === pid);
  expect(of("ana").length).toBeGreaterThan(0);
  for (const r of of("ana")) expect(r).toMatchObject({ valid: "false", invalid_reason: reason });
  expect(of("bo").length).toBeGreaterThan(0);
  for (const r of of("bo")) expect(r.valid).toBe("false");
  expect(of("bo").every((r) => /attention/i.test(r.invalid_reason ?? ""))).toBe(true);
  await Promise.all([ana.context().close(), bo.context().close(), api.dispose()]);
});
