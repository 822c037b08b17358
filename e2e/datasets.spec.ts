import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { hasSample, SAMPLES_ABSENT, TOMATO_SAMPLE, tomatoRecords } from "./helpers/samples";
import { createUser, unique, uiSignIn } from "./support";

// The datasets console in the browser: upload with progress, the summary, a conversation,
// the source export, refused files, and who may see any of it.

/** Records, from inside the page, every import progress bar that appears (they may be brief). */
async function watchProgressBars(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progressSeen: string[] }).__progressSeen = seen;
    const record = () => {
      for (const bar of document.querySelectorAll("progress")) {
        const label = bar.getAttribute("aria-labelledby");
        const text = label ? document.getElementById(label)?.textContent : null;
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { __progressSeen: string[] }).__progressSeen);

function countIn(page: Page, region: string, term: string) {
  return page.getByRole("region", { name: region }).locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
}

test.describe("[DATASETS]", () => {
  test.skip(!hasSample(TOMATO_SAMPLE), SAMPLES_ABSENT);

  test("[DATASETS][UPLOAD] a researcher uploads the ToMATO sample, sees progress and the summary, reads a conversation and downloads the source file byte for byte", async ({
    page,
    admin,
  }) => {
    test.setTimeout(180_000);
    const researcher = await createUser(admin, "researcher");
    await uiSignIn(page, researcher.email, researcher.password);
    await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
    await expectNoAxeViolations(page, "the datasets page");

    const name = unique("tomato");
    await page.getByLabel("Choose a file").setInputFiles(TOMATO_SAMPLE);
    await expect(page.getByText("Chosen: tomato_fb.json.sample")).toBeVisible();
    await expect(page.getByLabel("Benchmark")).toHaveValue("auto");
    await expect(page.getByLabel("Benchmark").locator("option:checked")).toHaveText("Detect automatically");
    await page.getByLabel("Name", { exact: true }).fill(name);
    // the same bytes may have been imported by another test of this run
    await page.getByLabel("Import as a new version").check();
    await watchProgressBars(page);
    await page.getByRole("button", { name: "Import", exact: true }).click();

    const summary = page.getByRole("region", { name: "Import summary" });
    await expect(summary.getByRole("heading", { name: "Import summary" })).toBeVisible({ timeout: 120_000 });
    await expect(summary.getByRole("heading", { name: "Import summary" })).toBeFocused();
    const seen = await progressSeen(page);
    expect(seen.length, `progress bars seen: ${JSON.stringify(seen)}`).toBeGreaterThan(0);
    expect(seen.some((t) => /^(Uploading|Uploaded|Receiving|Importing)/.test(t)), JSON.stringify(seen)).toBe(true);
    await expect(summary).toContainText(`Imported ${name} as ToMATO`);
    await expect(countIn(page, "Import summary", "Questions")).toHaveText("656");
    await expect(countIn(page, "Import summary", "Contexts")).toHaveText("343");
    await expect(page.getByText("Import finished: 656 questions in 343 contexts.")).toBeAttached();
    // the list shows the new dataset without a reload
    await expect(page.getByRole("rowheader", { name, exact: true })).toBeVisible();

    await summary.getByRole("link", { name: "Open dataset" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(countIn(page, "Summary", "Questions")).toHaveText("656");
    await expectNoAxeViolations(page, "the dataset page");
    const datasetUrl = page.url();

    // a question card links to its conversation
    await page.getByRole("link", { name: /^Context: / }).first().click();
    await expect(page.getByRole("heading", { level: 2, name: "Questions on it" })).toBeVisible();
    const sourceId = /source id (\S+)/.exec(await page.getByText(/source id /).first().innerText())?.[1];
    const record = tomatoRecords().find((r) => r.q_id === sourceId);
    expect(record, `the sample holds ${sourceId}`).toBeDefined();
    const lines = record!.conversation.split("\n").filter((l) => l.trim());
    const transcript = page.getByRole("region", { name: "Conversation" });
    const turns = transcript.getByRole("listitem");
    await expect(turns).toHaveCount(lines.length);
    for (const [i, line] of lines.entries()) {
      const speaker = line.slice(0, line.indexOf(":")).trim();
      await expect(turns.nth(i)).toContainText(`Turn ${i + 1}`);
      await expect(turns.nth(i)).toContainText(speaker);
    }

    await page.goBack();
    await expect(page).toHaveURL(datasetUrl);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download source file" }).click()]);
    const saved = await download.path();
    expect(readFileSync(saved).equals(readFileSync(TOMATO_SAMPLE)), "the source export is byte-identical to the uploaded file").toBe(true);
  });

  test("[DATASETS][UPLOAD] a corrupted ToMATO file shows the problem table (record, field, reason) and creates no dataset", async ({ page, admin }) => {
    const researcher = await createUser(admin, "researcher");
    const [first, second] = tomatoRecords();
    const dir = await mkdtemp(path.join(os.tmpdir(), "sally-e2e-"));
    const file = path.join(dir, "tomato-broken.json");
    writeFileSync(file, JSON.stringify([first, { ...second, a_idx: 7 }], null, 4));
    try {
      await uiSignIn(page, researcher.email, researcher.password);
      await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
      const name = unique("broken");
      await page.getByLabel("Choose a file").setInputFiles(file);
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Import as a new version").check();
      await page.getByRole("button", { name: "Import", exact: true }).click();

      const problems = page.getByRole("region", { name: "Problems found" });
      await expect(problems).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole("heading", { name: "Import refused" })).toBeFocused();
      const row = problems.getByRole("row").filter({ hasText: "a_idx" });
      await expect(row).toHaveCount(1);
      const cells = row.getByRole("cell");
      await expect(cells.nth(0)).toHaveText("2");
      await expect(cells.nth(2)).toHaveText("a_idx");
      await expect(cells.nth(3)).toContainText("out of range");
      await expectNoAxeViolations(page, "the datasets page with a refused import");

      // all or nothing: nothing by that name, neither on the page nor in the API
      await page.reload();
      await expect(page.getByRole("heading", { level: 2, name: "All datasets" })).toBeVisible();
      await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
      const list = (await (await page.request.get("/api/datasets")).json()) as { datasets: { name: string }[] };
      expect(list.datasets.map((d) => d.name)).not.toContain(name);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("[RBAC] an annotator cannot open the datasets pages (403 page) or the datasets API (403)", async ({ page, admin }) => {
    const annotator = await createUser(admin, "annotator");
    await uiSignIn(page, annotator.email, annotator.password);
    await expect(page).toHaveURL(/\/queue$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Datasets" })).toHaveCount(0);
    const response = await page.goto("/datasets");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    const api = await page.request.get("/api/datasets");
    expect(api.status()).toBe(403);
    expect(api.headers()["content-type"]).toContain("application/problem+json");
  });
});
