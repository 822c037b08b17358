import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { createOpenStudy, DEFAULT_FLAGS, importFile, setStudyState, signedInRequest } from "./helpers/api";
import { consentWithKeyboard, enter } from "./helpers/participant";
import { chooseDataset, planStatus } from "./helpers/study-form";
import { createUser, E2E, uiSignIn, unique } from "./support";

// The researcher's study form for a design other than validation: a ToMATO human baseline with
// stratified sampling, the live planning figures (a short stratum reported before the study
// exists), creation, then "show as spec" and a re-run of that spec on a new version of the dataset.
//
// The repo's hand-written ToMATO fixture has four questions: emotion × false_belief three times,
// belief × false_belief once. k = 2 per mental_state × order draws 2 + 1 = 3 units, and the
// belief stratum is short.
const TOMATO_FIXTURE = "tests/fixtures/tomato/valid.json";

async function specOnSettingsPage(page: Page): Promise<Record<string, unknown>> {
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Settings" }).click();
  await page.getByText("Show as spec", { exact: true }).click();
  const text = await page.getByRole("region", { name: "Study spec (JSON)" }).textContent();
  return JSON.parse(text ?? "") as Record<string, unknown>;
}

test("[STUDY][FORM] a ToMATO human baseline from the form: stratified sampling by mental_state × order, live figures with a short stratum, then show as spec and re-run it on a new dataset version", async ({
  page,
  admin,
}) => {
  test.setTimeout(180_000);
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const first = await importFile(api, TOMATO_FIXTURE, unique("tomato"));
  expect(first).toMatchObject({ benchmark: "tomato", questions: 4 });

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Studies" }).click();
  await page.getByRole("link", { name: "New study" }).click();
  const form = page.getByRole("form", { name: "New study" });
  await expect(planStatus(form)).toHaveText("Choose a dataset to see the figures.");
  await chooseDataset(page, form, first.datasetId);

  const name = unique("tomato-baseline");
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await form.getByRole("group", { name: "Design" }).getByRole("radio", { name: "Human baseline" }).check();
  // the design's defaults: question units, one answer per unit
  await expect(form.getByRole("group", { name: "Unit" }).getByRole("radio", { name: "Question", exact: true })).toBeChecked();
  await expect(form.getByRole("spinbutton", { name: "Answers per unit" })).toHaveValue("1");
  // the dataset's one context view, read from its contexts
  await expect(form.getByText("Participants read the one view this dataset’s contexts have (conversation).")).toBeVisible();
  await expect(planStatus(form)).toHaveText("Plan: 4 units, 4 answers needed, 1 participant (each may do every unit) needed.");

  // the tag filter: identifier-like tags (u_id, ids in a ULID's alphabet) behind "more", and a search over tags and values
  await form.getByRole("button", { name: "Add a tag filter" }).click();
  const tagSelect = form.getByRole("combobox", { name: "Filter 1 Tag" });
  await expect(tagSelect).toBeFocused();
  await expect(tagSelect.locator("option", { hasText: /^u_id$/ })).toHaveCount(0);
  await expect(tagSelect.locator("option", { hasText: /^mental_state$/ })).toHaveCount(1);
  await form.getByRole("button", { name: /^Show \d+ more \(identifier tags\)$/ }).click();
  await expect(tagSelect.locator("option", { hasText: /^u_id$/ })).toHaveCount(1);
  await form.getByRole("searchbox", { name: "Search tag filter tags and values" }).fill("mental");
  await expect(tagSelect.locator("option")).toHaveText(["Choose a tag…", "mental_state"]);
  await form.getByRole("button", { name: /^Remove filter 1/ }).click();
  await form.getByRole("searchbox", { name: "Search tag filter tags and values" }).fill("");

  await form.getByRole("group", { name: "Sampling" }).getByRole("radio", { name: "Stratified sample" }).check();
  const strata = form.getByRole("group", { name: "Stratify by" });
  await strata.getByRole("checkbox", { name: "mental_state", exact: true }).check();
  await strata.getByRole("checkbox", { name: "order", exact: true }).check();
  // identifier-like tags (u_id) are not offered as strata
  await expect(strata.getByRole("checkbox", { name: "u_id" })).toHaveCount(0);
  await form.getByRole("spinbutton", { name: "Units per stratum (k)" }).fill("2");
  await form.getByRole("spinbutton", { name: "Seed" }).fill("7");
  await expect(planStatus(form)).toHaveText("Plan: 3 units, 3 answers needed, 1 participant (each may do every unit) needed. 1 stratum short of k.");
  await expect(form.getByRole("list", { name: "Short strata" }).getByRole("listitem")).toHaveText(["mental_state belief · order false_belief: 1 of 2"]);
  // the design's own section (lib/designs/baseline/form.tsx): the false-belief subset reported on its own
  await form.getByRole("group", { name: /^Subsets reported separately/ }).getByRole("checkbox", { name: "false_belief", exact: true }).check();

  // a per-person limit changes the participants needed; the figures update without taking focus
  const perPerson = form.getByRole("spinbutton", { name: "Most units per participant" });
  await perPerson.fill("2");
  await expect(planStatus(form)).toHaveText("Plan: 3 units, 3 answers needed, 2 participants (at most 2 units each) needed. 1 stratum short of k.");
  await expect(perPerson).toBeFocused();
  const figures = form.getByRole("group", { name: "Planning figures" });
  await expect(figures.locator("dt", { hasText: /^Rough duration$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText("Known once responses exist (from the median time per unit).");

  // an error in a folded section: the summary's link opens it and focuses the field
  const quality = form.locator("summary", { hasText: "Quality control" });
  await quality.focus();
  await page.keyboard.press("Enter");
  await form.getByRole("checkbox", { name: "Qualification" }).check();
  await form.getByRole("spinbutton", { name: "Pass mark (% right)" }).fill("150");
  await quality.click();
  await expect(form.getByRole("spinbutton", { name: "Pass mark (% right)" })).toBeHidden();
  await form.getByRole("button", { name: "Create study" }).click();
  const summary = form.getByRole("alert");
  await expect(summary).toContainText("Qualification pass mark: Enter a percentage from 0 to 100.");
  await summary.getByRole("link", { name: /^Qualification pass mark/ }).click();
  await expect(form.getByRole("spinbutton", { name: "Pass mark (% right)" })).toBeFocused();
  await form.getByRole("checkbox", { name: "Qualification" }).uncheck();

  await expectNoAxeViolations(page, "the new baseline study form");
  await form.getByRole("button", { name: "Create study" }).click();
  await expect(page.getByText("Study created with 3 units.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // show as spec: the study as the spec that declares it
  const spec = await specOnSettingsPage(page);
  expect(spec).toMatchObject({
    name,
    dataset: first.datasetId,
    design: "baseline",
    unit: "question",
    n: 1,
    maxUnitsPerParticipant: 2,
    config: { subsets: ["false_belief"] },
    sampling: { kind: "stratified", by: ["mental_state", "order"], k: 2, seed: 7 },
    qualification: null,
  });
  await expectNoAxeViolations(page, "the baseline study's settings with its spec shown");

  // …re-run on a new version of the dataset: the form comes prefilled, the dataset to choose
  const second = await importFile(api, TOMATO_FIXTURE, unique("tomato-v2"));
  await page.getByRole("link", { name: "New study from this spec" }).click();
  const again = page.getByRole("form", { name: "New study" });
  await expect(again.getByRole("combobox", { name: "Dataset" })).toHaveValue("");
  await expect(again.getByRole("group", { name: "Design" }).getByRole("radio", { name: "Human baseline" })).toBeChecked();
  await expect(again.getByRole("group", { name: "Sampling" }).getByRole("radio", { name: "Stratified sample" })).toBeChecked();
  await chooseDataset(page, again, second.datasetId);
  await expect(page).toHaveURL(/from=/);
  await expect(again.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
  await expect(again.getByRole("spinbutton", { name: "Units per stratum (k)" })).toHaveValue("2");
  await expect(planStatus(again)).toHaveText("Plan: 3 units, 3 answers needed, 2 participants (at most 2 units each) needed. 1 stratum short of k.");
  await again.getByRole("button", { name: "Create study" }).click();
  await expect(page.getByText("Study created with 3 units.")).toBeVisible();
  const rerun = await specOnSettingsPage(page);
  expect(rerun).toEqual({ ...spec, dataset: second.datasetId });
  await api.dispose();
});

test("[STUDY][FORM] once a response exists, the settings form shows what was asked read-only, keeps the rest editable, and times the plan by the study's own median", async ({
  page,
  admin,
  browser,
}) => {
  test.setTimeout(120_000);
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, TOMATO_FIXTURE, unique("tomato"));
  const name = unique("locked");
  const study = await createOpenStudy(api, { name, datasetId, unitType: "question", n: 2, config: { contextChecks: { flags: DEFAULT_FLAGS, comment: false } } });
  expect(study.units).toBe(4);

  // one participant answers one unit in 60 seconds
  const context = await browser.newContext();
  const participant = await context.newPage();
  await enter(participant, `${E2E.baseURL}/s/${study.code}`);
  await consentWithKeyboard(participant);
  type Next = { status: string; unit: { assignmentId: string; checks: { key: string; options: { value: string }[] }[] } };
  const next = (await (await participant.request.get(`/api/s/${study.code}/next`)).json()) as Next;
  const answers = Object.fromEntries(next.unit.checks.map((c) => [c.key, c.options[1]!.value]));
  const submitted = await participant.request.post(`/api/s/${study.code}/submit`, {
    data: { assignmentId: next.unit.assignmentId, idempotencyKey: randomUUID(), payload: { answers }, startedAt: new Date().toISOString(), durationMs: 60_000 },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  await context.close();

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
  await page.goto(`/studies/${study.id}/settings`);
  const form = page.getByRole("form", { name: "Study settings" });
  await expect(form.getByRole("status").filter({ hasText: /^Responses exist, so what participants are asked is locked/ })).toContainText("checks and decision rule");
  const locked = form.getByRole("group", { name: "Locked settings" });
  await expect(locked.locator("dt", { hasText: /^Context checks$/ }).locator("xpath=following-sibling::dd[1]")).toContainText("Incoherent");
  await expect(form.getByRole("group", { name: "Unit" })).toHaveCount(0);
  await expect(form.getByRole("checkbox", { name: "Context checks" })).toHaveCount(0);
  // 4 units × N 2 = 8 answers at the median 60 s
  await expect(form.getByRole("group", { name: "Planning figures" }).getByRole("status")).toHaveText(
    "Plan: 4 units, 8 answers needed, 2 participants (each may do every unit) needed, about 8 min 00 s of work.",
  );
  await expectNoAxeViolations(page, "the locked settings form");

  // what may still change: language, consent
  await form.getByRole("group", { name: "Language of the participant pages" }).getByRole("radio", { name: /^Chinese \(Simplified\)/ }).check();
  await form.getByRole("textbox", { name: "Contact" }).fill("lab@example.org");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  const got = (await (await api.get(`/api/studies/${study.id}`)).json()) as { study: { settings: { language: string; consent: { contact: string }; kinds: string[] }; config: unknown } };
  expect(got.study.settings).toMatchObject({ language: "zh", consent: { contact: "lab@example.org" }, kinds: [] });
  expect(got.study.config).toMatchObject({ contextChecks: { flags: DEFAULT_FLAGS, comment: false } });

  // closed: every setting read-only, the design's own part included
  await setStudyState(api, study.id, "closed");
  await page.reload();
  await expect(page.getByText("A closed study cannot change.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Study settings" })).toHaveCount(0);
  const row = (term: string) => page.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
  await expect(row("Language")).toHaveText("Chinese (Simplified)");
  await expect(row("Design")).toHaveText("Validation");
  await expect(row("Annotators per unit")).toHaveText("2");
  await expect(row("Context checks")).toContainText("Incoherent");
  await expect(row("Consent")).toContainText("contact lab@example.org");
  await expectNoAxeViolations(page, "a closed study's settings");
  await api.dispose();
});

test("[STUDY][FORM] each design's own section (from its folder) renders in the form and passes axe, and the entry modes follow the design", async ({ page, admin }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, TOMATO_FIXTURE, unique("tomato"));
  await api.dispose();
  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
  await page.goto(`/studies/new?dataset=${datasetId}`);
  const form = page.getByRole("form", { name: "New study" });
  const design = form.getByRole("group", { name: "Design" });
  const entry = form.getByRole("group", { name: "Entry mode" });

  await design.getByRole("radio", { name: "Checklist review" }).check();
  await expect(form.getByRole("list", { name: "Checklists" }).getByRole("listitem").filter({ has: page.getByRole("group", { name: /^Checklist \d+$/ }) })).toHaveCount(2);
  await expect(form.getByRole("textbox", { name: "Checklist 1 Title" })).toHaveValue("Script and answer");
  await expect(form.getByRole("spinbutton", { name: "Reviewers per unit" })).toHaveValue("2");
  await expect(entry.getByRole("radio")).toHaveCount(1);
  await expect(entry.getByRole("radio", { name: "Expert annotators (signed-in accounts)" })).toBeChecked();
  await expectNoAxeViolations(page, "the new checklist study form");

  await design.getByRole("radio", { name: "Response rating" }).check();
  await expect(form.getByRole("group", { name: "Models whose answers are rated" })).toContainText("This dataset has no imported model predictions to rate.");
  await expect(form.getByRole("group", { name: "Assignment order" }).getByRole("radio", { name: "A random order for each participant" })).toBeChecked();
  await form.getByRole("button", { name: "Add CharToM-QA’s penalties" }).click();
  await expect(form.getByRole("textbox", { name: /^Penalties/ })).toHaveValue(/factual error/);
  await expect(form.getByText("CharToM-QA’s defect statements were added.")).toBeVisible();
  await expectNoAxeViolations(page, "the new rating study form");

  // back to validation: its draft and the crowd entry modes are back
  await design.getByRole("radio", { name: "Validation" }).check();
  await expect(form.getByRole("checkbox", { name: "Context checks" })).toBeChecked();
  await expect(entry.getByRole("radio")).toHaveCount(4);

  // groups on, names still empty: each group's count is its own field with its own name (both had one id,
  // so the second label named the first field and the second field had no name)
  await design.getByRole("radio", { name: "Human baseline" }).check();
  await form.locator("summary").filter({ hasText: "Groups" }).click();
  await form.getByRole("checkbox", { name: "Compare groups of participants" }).check();
  const counts = [1, 2].map((n) => form.getByRole("spinbutton", { name: `Group ${n} Answers per unit`, exact: true }));
  for (const count of counts) await expect(count).toHaveCount(1);
  expect(await counts[0]!.getAttribute("id")).not.toBe(await counts[1]!.getAttribute("id"));
  await counts[1]!.fill("2");
  await expect(counts[0]!).toHaveValue("1");
  await expectNoAxeViolations(page, "the new study form with groups on, unnamed");
});
