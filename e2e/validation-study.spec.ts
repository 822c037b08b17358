import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { importFile, signedInRequest } from "./helpers/api";
import { check, consentWithKeyboard, enter, pressOption, stubProlific } from "./helpers/participant";
import { FANTOM_SAMPLE, hasSample, SAMPLES_ABSENT } from "./helpers/samples";
import { createUser, unique, uiSignIn } from "./support";

// The whole validation study, as the acceptance test describes it: a researcher sets it
// up in the browser, three Prolific participants complete it with the keyboard, and the
// dashboard, adjudication and exports show what their answers add up to.

const CONV0 = "Conversation 0, part 0";
const CONV1 = "Conversation 1, part 0";
const LABEL_PROMPT = /^Does the note appropriately describe/;
const LABELS = ["Accurate", "Subjective but consistent", "Inappropriate"] as const;

/** What participant `p` (1–3) answers on a conversation: incoherent, unsafe, label (a flag's options: "Fine", then the flag). */
function answersFor(p: 1 | 2 | 3, title: string): { incoherent: "Incoherent" | "Fine"; unsafe: "Unsafe" | "Fine"; label: (typeof LABELS)[number] } {
  if (title === CONV0) return { incoherent: p === 3 ? "Fine" : "Incoherent", unsafe: "Fine", label: "Accurate" };
  if (title === CONV1) return { incoherent: "Fine", unsafe: "Fine", label: LABELS[p - 1]! };
  throw new Error(`unexpected unit "${title}"`);
}

/** The first line said in each conversation of the sample (read there, never copied), by its unit title. */
function fantomFirstLines(): Map<string, string> {
  const records = JSON.parse(readFileSync(FANTOM_SAMPLE, "utf8")) as { conv_id: number; part_id: string; short_context: string }[];
  const lines = new Map<string, string>();
  for (const r of records) {
    const first = r.short_context.split("\n")[0]!;
    lines.set(`Conversation ${r.conv_id}, part ${r.part_id.split("-").pop()}`, first.slice(first.indexOf(":") + 1).trim());
  }
  return lines;
}

async function createStudyInTheForm(page: Page, datasetId: string, name: string): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Studies" }).click();
  await page.getByRole("link", { name: "New study" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New study" })).toBeVisible();
  const form = page.getByRole("form", { name: "New study" });
  await form.getByRole("combobox", { name: "Dataset" }).selectOption(datasetId);
  await expect(page).toHaveURL(new RegExp(`dataset=${datasetId}`));
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await form.getByRole("group", { name: "Unit" }).getByRole("radio", { name: "Context", exact: true }).check();
  await form.getByRole("spinbutton", { name: "Annotators per unit" }).fill("3");

  // the default context checks: incoherent and unsafe
  await expect(form.getByRole("checkbox", { name: "Context checks" })).toBeChecked();
  const flags = form.getByRole("list", { name: "Context flags" }).getByRole("listitem");
  await expect(flags).toHaveCount(2);
  await expect(flags.nth(0).getByRole("textbox", { name: "Flag 1 Label" })).toHaveValue("Incoherent");
  await expect(flags.nth(1).getByRole("textbox", { name: "Flag 2 Label" })).toHaveValue(/^Unsafe/);

  await form.getByRole("checkbox", { name: "Label judgement" }).check();
  await form.getByRole("button", { name: "CharToM-QA note validity" }).click();
  const labels = form.getByRole("list", { name: "Labels" }).getByRole("listitem");
  await expect(labels).toHaveCount(3);
  for (const [i, text] of LABELS.entries()) await expect(labels.nth(i).getByRole("textbox", { name: `Label ${i + 1} Text` })).toHaveValue(text);

  await form.getByRole("group", { name: "Entry mode" }).getByRole("radio", { name: "Prolific" }).check();
  await form.getByRole("textbox", { name: "Completion URL (optional)" }).fill("https://app.prolific.com/submissions/complete?cc=CODE");
  await expectNoAxeViolations(page, "the new study form");
  await form.getByRole("button", { name: "Create study" }).click();
  await expect(page.getByText("Study created with 2 units.")).toBeVisible();
}

/** One participant, in a browser context of their own, from the Prolific link to the done page. */
async function participate(browser: Browser, link: string, p: 1 | 2 | 3, completionCode: string): Promise<void> {
  const context = await browser.newContext();
  await stubProlific(context);
  const page = await context.newPage();
  await enter(page, link, { PROLIFIC_PID: `e2e-${p}`, STUDY_ID: "s", SESSION_ID: `x${p}` });
  await consentWithKeyboard(page);

  // Participants never see a unit's title: which conversation this is shows in its content.
  const firstLines = fantomFirstLines();
  const seen: string[] = [];
  for (const k of [1, 2]) {
    await expect(page.getByText(`Unit ${k} of 2`, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: `Conversation ${k} of 2`, exact: true })).toBeVisible();
    const transcript = await page.getByRole("tabpanel").innerText();
    const title = [CONV0, CONV1].find((t) => transcript.includes(firstLines.get(t)!)) ?? "an unknown conversation";
    seen.push(title);
    const a = answersFor(p, title);
    const incoherent = check(page, /^Incoherent\?/);
    const unsafe = check(page, /^Unsafe/);
    const label = check(page, LABEL_PROMPT);
    // a flag's options are numbered 1 = Fine (keeps the conversation), 2 = the flag
    expect(await pressOption(page, incoherent, a.incoherent)).toBe(a.incoherent === "Fine" ? "1" : "2");
    expect(await pressOption(page, unsafe, a.unsafe)).toBe(a.unsafe === "Fine" ? "1" : "2");
    expect(await pressOption(page, label, a.label)).toBe(String(LABELS.indexOf(a.label) + 1));
    await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
    await page.keyboard.press("Enter");
    if (k === 1) await expect(page.getByRole("status").filter({ hasText: "Your answers were saved." })).toBeVisible();
  }
  expect(seen.sort()).toEqual([CONV0, CONV1]);

  await expect(page).toHaveURL(/\/done$/);
  // stay, so the page can be checked before the automatic return to Prolific
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByText("You are staying on this page.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your completion code" })).toBeVisible();
  await expect(page.getByText(completionCode, { exact: true })).toBeVisible();
  await expect(page.getByText("You completed 2 units.")).toBeVisible();
  const back = page.getByRole("link", { name: "Continue to complete your submission" });
  await expect(back).toHaveAttribute("href", `https://app.prolific.com/submissions/complete?cc=${completionCode}`);
  if (p === 1) await expectNoAxeViolations(page, "the done page");
  await back.click();
  await expect(page).toHaveURL(`https://app.prolific.com/submissions/complete?cc=${completionCode}`);
  await context.close();
}

function unitRow(page: Page, title: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
}

/** The cell under `column` in a row of the units table. */
async function cellUnder(page: Page, row: Locator, column: string): Promise<Locator> {
  const headers = await page.getByRole("columnheader").allInnerTexts();
  // a sortable header reads its name, then the sort arrow and a hint for screen readers
  const index = headers.findIndex((h) => h.split("\n")[0]!.trim() === column);
  expect(index, `column ${column} in ${JSON.stringify(headers)}`).toBeGreaterThan(-1);
  // the first column is a row header (th), the rest are cells
  return index === 0 ? row.getByRole("rowheader") : row.getByRole("cell").nth(index - 1);
}

test.describe("[STUDY]", () => {
  test.skip(!hasSample(FANTOM_SAMPLE), SAMPLES_ABSENT);

  test("[STUDY][VALIDATION] FANToM by conversation, N=3: three Prolific participants by keyboard; majority, κ, adjudication of the tie, and a validated export without the rejected conversation", async ({
    page,
    admin,
    browser,
  }) => {
    test.setTimeout(240_000);
    const researcher = await createUser(admin, "researcher");
    const api = await signedInRequest(researcher.email, researcher.password);
    const dataset = await importFile(api, FANTOM_SAMPLE, unique("fantom"));
    expect(dataset).toMatchObject({ benchmark: "fantom", sourceRecords: 4, contexts: 2 });
    await api.dispose();

    // set-up in the browser
    await uiSignIn(page, researcher.email, researcher.password);
    await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
    const studyName = unique("fantom-validation");
    await createStudyInTheForm(page, dataset.datasetId, studyName);
    await expect(page.getByRole("heading", { level: 1, name: studyName })).toBeVisible();
    await page.getByRole("button", { name: "Open study" }).click();
    await expect(page.getByText("The study is open: participants can enter with its link.")).toBeVisible();
    const overview = page.url().replace(/\?.*$/, "");
    // a Prolific study shows only its Prolific URL: the link with Prolific's placeholders
    const prolificUrl = await page.getByRole("textbox", { name: "Prolific study URL" }).inputValue();
    expect(prolificUrl).toMatch(/^http:\/\/localhost:\d+\/s\/[^/?]+\?PROLIFIC_PID=\{\{%PROLIFIC_PID%\}\}&STUDY_ID=\{\{%STUDY_ID%\}\}&SESSION_ID=\{\{%SESSION_ID%\}\}$/);
    await expect(page.getByRole("textbox", { name: "Participant link" })).toHaveCount(0);
    const link = prolificUrl.replace(/\?.*$/, "");
    const completionCode = await page.getByRole("textbox", { name: "Completion code" }).inputValue();
    expect(completionCode).toMatch(/^[A-Z0-9]{4,}$/);

    // a Prolific study turns away a visit without a Prolific id
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(link);
    await expect(strangerPage.getByRole("heading", { name: "Please open this study from your study platform" })).toBeVisible();
    await stranger.close();

    for (const p of [1, 2, 3] as const) await participate(browser, link, p, completionCode);

    // Overview: progress and agreement
    await page.goto(overview);
    const progress = page.getByRole("region", { name: "Progress" });
    await expect(progress.locator("dt", { hasText: /^Units complete$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText(/^2\s*of 2$/);
    await expect(progress.locator("dt", { hasText: /^Responses$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText("6");
    const agreement = page.getByRole("region", { name: "Agreement per check" });
    const incoherentRow = agreement.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Incoherent", exact: true }) });
    // incoherent: conversation 0 yes/yes/no, conversation 1 no/no/no
    // Fleiss' κ = (2/3 − 5/9) / (1 − 5/9) = 0.25; Krippendorff's α = 1 − (1/3)/(16/30) = 0.375; pairs agreeing 2/3
    await expect(incoherentRow.getByRole("cell")).toHaveText(["2", "6", "0.250", "0.375", "0.667"]);
    await expectNoAxeViolations(page, "the study overview");

    // Units: conversation 0 rejected by the incoherent majority; conversation 1's label tied
    await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Units" }).click();
    await expect(page.getByRole("heading", { name: "Units, votes and decisions" })).toBeVisible();
    const row0 = unitRow(page, CONV0);
    await expect(await cellUnder(page, row0, "Incoherent")).toContainText("Fine 1 · Incoherent 2");
    await expect(await cellUnder(page, row0, "Incoherent")).toContainText("Majority: Incoherent");
    await expect(await cellUnder(page, row0, "Decision")).toHaveText("Reject");
    await expect(await cellUnder(page, row0, "Reasons")).toContainText("flagged Incoherent");
    const row1 = unitRow(page, CONV1);
    const label1 = await cellUnder(page, row1, "Label judgement");
    await expect(label1).toContainText("Accurate 1 · Subjective but consistent 1 · Inappropriate 1");
    await expect(label1.getByText("TIE", { exact: true })).toBeVisible();
    await expect(label1).toContainText("no majority");
    await expect(await cellUnder(page, row1, "Decision")).toHaveText("Needs review");
    await expectNoAxeViolations(page, "the units tab");

    // Adjudication: the tie waits in the queue; the researcher decides it
    await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Adjudication" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Adjudication queue" })).toBeVisible();
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: `Unit #2 · ${CONV1}` }) });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("Votes: Accurate 1 · Subjective but consistent 1 · Inappropriate 1");
    await expect(item.getByText("TIE", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "the adjudication tab");
    const form = item.getByRole("form", { name: /^Adjudicate Unit #2: Does the note/ });
    await form.getByRole("group", { name: "Decision" }).getByRole("radio", { name: "Subjective but consistent" }).check();
    const reason = `e2e: the note is open to interpretation ${unique("r")}`;
    await form.getByRole("textbox", { name: "Reason" }).fill(reason);
    await form.getByRole("button", { name: "Record decision" }).click();
    await expect(page.getByText(/^Recorded “Subjective but consistent” for Unit #2: /)).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: `Unit #2 · ${CONV1}` })).toHaveCount(0);
    const history = page.getByRole("region", { name: "Decision history" }).getByRole("row").filter({ hasText: reason });
    await expect(history).toHaveCount(1);
    await expect(history.getByRole("cell")).toHaveText([
      researcher.name,
      /^Unit #2: Does the note appropriately describe/,
      "Votes: Accurate 1 · Subjective but consistent 1 · Inappropriate 1",
      "Subjective but consistent",
      reason,
    ]);

    // the decision takes the unit out of review
    await page.goto(`${overview}/units`);
    await expect(await cellUnder(page, unitRow(page, CONV1), "Decision")).toHaveText("Keep");
    await expect(await cellUnder(page, unitRow(page, CONV1), "Label judgement")).toContainText("Adjudicated: Subjective but consistent");

    // Exports
    await page.goto(overview);
    const exports = page.getByRole("region", { name: "Exports" });
    const [validated] = await Promise.all([page.waitForEvent("download"), exports.getByRole("link", { name: "Download validated dataset" }).click()]);
    const kept = JSON.parse(readFileSync(await validated.path(), "utf8")) as { set_id: string; conv_id: number }[];
    expect(kept.map((r) => r.set_id).sort()).toEqual(["1-0-0", "1-0-1"]);
    expect(kept.every((r) => r.conv_id === 1)).toBe(true);

    const [csv] = await Promise.all([page.waitForEvent("download"), exports.getByRole("link", { name: "Download raw responses (CSV)" }).click()]);
    const text = readFileSync(await csv.path(), "utf8");
    expect(text.startsWith("unit,rater,label")).toBe(true);
    const rows = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    // 3 raters × 2 units × (2 flags + 1 label)
    expect(rows).toHaveLength(18);
    expect(new Set(rows.map((r) => r.rater)).size).toBe(3);
    expect(new Set(rows.map((r) => r.study_unit)).size).toBe(2);
    expect(new Set(rows.map((r) => r.external_id))).toEqual(new Set(["e2e-1", "e2e-2", "e2e-3"]));
    expect(rows.filter((r) => r.check === "label").map((r) => r.label).sort()).toEqual(
      ["accurate", "accurate", "accurate", "accurate", "inappropriate", "subjective"].sort(),
    );
  });
});
