import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { audit, targetSizes } from "./helpers/audit";
import { createOpenStudy, DEFAULT_FLAGS, importFile, signedInRequest } from "./helpers/api";
import { consentWithKeyboard, enter } from "./helpers/participant";
import { createUser, E2E, unique } from "./support";

// The participant pages beyond what axe sees: target size (WCAG 2.5.8, at least 24 × 24 CSS px),
// a visible focus indicator on every tab stop (2.4.7), and the time limit on a unit (2.2.1): a
// warning before it ends and a "Keep working" that extends it, again and again.

const ROOT = path.resolve(import.meta.dirname, "..");
const TOMATO = path.join(ROOT, "tests/fixtures/tomato/valid.json");
const KINDS = path.join(ROOT, "tests/fixtures/generic/baseline-kinds.jsonl");

async function study(admin: APIRequestContext, file: string, input: Record<string, unknown>): Promise<string> {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, file, unique("a11y"));
  const { code } = await createOpenStudy(api, { name: unique("a11y"), datasetId, n: 2, entryMode: "link", unitType: "context", config: {}, ...input });
  await api.dispose();
  return code;
}

const validationInput = { config: { contextChecks: { flags: DEFAULT_FLAGS, comment: true }, answerKey: false, labelJudgement: null } };

async function onTask(page: Page, code: string): Promise<void> {
  await enter(page, `${E2E.baseURL}/s/${code}`);
  await consentWithKeyboard(page);
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
}

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

for (const v of VIEWPORTS) {
  test(`[A11Y][TARGET] every button, link and field on the task page is at least 24 × 24 px (${v.name}): validation and every baseline kind`, async ({ admin, browser }) => {
    const codes = [await study(admin, TOMATO, validationInput), await study(admin, KINDS, { design: "baseline" })];
    for (const code of codes) {
      const context = await browser.newContext({ viewport: v.viewport, isMobile: v.isMobile, hasTouch: v.isMobile });
      const page = await context.newPage();
      await onTask(page, code);
      // the instructions open, so their controls count too
      const sizes = await targetSizes(page);
      expect(sizes.length, "controls measured").toBeGreaterThan(5);
      const small = sizes.filter((s) => s.width < 24 || s.height < 24).map((s) => `${s.what}: ${s.width.toFixed(1)} × ${s.height.toFixed(1)}`);
      expect(small, `targets under 24 px on the task page (${v.name})`).toEqual([]);
      await context.close();
    }
  });
}

test("[A11Y][FOCUS] every tab stop on the task page shows a focus indicator that its unfocused state does not", async ({ admin, page }) => {
  const code = await study(admin, KINDS, { design: "baseline" });
  await onTask(page, code);
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  const seen = new Set<string>();
  let stops = 0;
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const found = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const look = (e: HTMLElement) => {
        const s = getComputedStyle(e);
        return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join("|");
      };
      const id = `${el.tagName}#${el.id}:${el.getAttribute("name") ?? ""}:${(el.getAttribute("aria-label") ?? el.innerText ?? "").slice(0, 30)}`;
      const focused = look(el);
      const ring = getComputedStyle(el).outlineStyle !== "none" && parseFloat(getComputedStyle(el).outlineWidth) >= 2;
      el.blur();
      const unfocused = look(el);
      el.focus();
      return { id, differs: focused !== unfocused, ring };
    });
    if (!found) continue;
    if (seen.has(found.id)) break;
    seen.add(found.id);
    stops++;
    expect(found.differs, `focus is visible on ${found.id}`).toBe(true);
    expect(found.ring, `a focus ring of at least 2 px on ${found.id}`).toBe(true);
  }
  expect(stops, "tab stops checked").toBeGreaterThan(8);
});

test("[A11Y][TIME] the time limit on a unit: warned two minutes before, urgently in the last 30 s, and Keep working extends it every time", async ({ admin, page }) => {
  const code = await study(admin, TOMATO, { ...validationInput, leaseMinutes: 3 });
  await page.clock.install();
  await onTask(page, code);
  const warning = page.locator("[data-lease-warning]");
  const keep = page.getByRole("button", { name: "Keep working" });
  await expect(warning).toHaveCount(0);

  const renewals: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/renew")) renewals.push(r.status());
  });
  for (let round = 1; round <= 10; round++) {
    // a minute and a half in: two minutes or less are left
    await page.clock.runFor("01:30");
    await expect(warning).toHaveAttribute("data-lease-warning", "warning");
    await expect(page.getByRole("status").filter({ hasText: "Less than 2 minutes left for this unit" })).toBeAttached();
    await expect(warning).toContainText(/About 1 minute \d+ seconds? left for this unit/);
    if (round === 1) await audit(page, "task with the time-limit warning");
    // the last half minute: assertive
    await page.clock.runFor("01:10");
    await expect(warning).toHaveAttribute("data-lease-warning", "urgent");
    await expect(page.getByRole("alert").filter({ hasText: "Less than 30 seconds left for this unit" })).toBeAttached();
    // by the keyboard on the first round (Shift+Tab back from the answers), then by pointer
    if (round === 1) {
      await page.getByRole("button", { name: "Submit" }).focus();
      for (let i = 0; i < 40 && !(await keep.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Shift+Tab");
      await expect(keep).toBeFocused();
      await page.keyboard.press("Enter");
    } else {
      await keep.click();
    }
    await expect(warning).toHaveCount(0);
    await expect(page.locator("p").filter({ hasText: /^You have 3 minutes more for this unit\.$/ })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "You have 3 minutes more for this unit." })).toBeAttached();
  }
  expect(renewals).toEqual(Array(10).fill(200));
  // the answer still goes through after ten extensions
  const names = await page.locator("input[type=radio]").evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLInputElement).name))]);
  for (const name of names) await page.locator(`input[type=radio][name="${name}"]`).first().check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/done$/);
  await expect(page.getByText("You completed 1 unit.")).toBeVisible();
});

test("[A11Y][FOCUS] at 320 px, no control that takes focus by Tab is hidden under the sticky Submit bar (WCAG 2.4.11)", async ({ admin, browser }) => {
  const code = await study(admin, TOMATO, validationInput);
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  await onTask(page, code);
  const hidden: string[] = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const where = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const bar = document.querySelector("button[type=submit]")?.parentElement;
      if (!el || !bar || bar.contains(el) || el === document.body) return null;
      const r = el.getBoundingClientRect();
      const b = bar.getBoundingClientRect();
      // wholly behind the bar (below it, at the page's end where the bar is no longer stuck, is fine)
      return r.height > 0 && r.top >= b.top && r.bottom <= b.bottom ? `${el.tagName} ${el.getAttribute("name") ?? el.textContent?.slice(0, 30) ?? ""}` : null;
    });
    if (where) hidden.push(where);
  }
  expect(hidden).toEqual([]);
  await context.close();
});
