import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { createOpenStudy, importFile, signedInRequest } from "./helpers/api";
import { apiParticipant, writeGenericItems } from "./helpers/generic";
import { createUser, uiSignIn, unique } from "./support";

// The groups tab of a human baseline whose screener puts participants in a group (native or
// non-native speakers, one answer each per unit): the first native speaker fills every native
// place, the second has nothing left, one participant fits no group; the tab shows it all.

const GROUPS = {
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
};

test("[STUDY][GROUPS] the groups tab shows fill per group, units short and the participants not served", async ({ admin, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, writeGenericItems(2, unique("speakers")), unique("speakers"));
  const name = unique("Native or not");
  const study = await createOpenStudy(api, { name, datasetId, design: "baseline", unitType: "question", n: 2, groups: GROUPS, config: {} });

  const first = await apiParticipant(study.code, { PROLIFIC_PID: unique("native") });
  expect(await first.screener({ option: 0 })).toBe(200);
  expect(await first.answerAll()).toBe(2);
  const secondId = unique("native");
  const second = await apiParticipant(study.code, { PROLIFIC_PID: secondId });
  expect(await second.screener({ option: 0 })).toBe(200);
  expect((await second.next()).status).toBe("screened_out");
  const none = await apiParticipant(study.code, { PROLIFIC_PID: unique("none") });
  expect(await none.screener({ option: 2 })).toBe(200);

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page).toHaveURL(/\/datasets$/);
  await page.goto(`/studies/${study.id}`);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Groups" }).click();
  await expect(page).toHaveURL(new RegExp(`/studies/${study.id}/groups$`));
  await expect(page.getByRole("heading", { level: 2, name: "Groups" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Groups" })).toHaveAttribute("aria-current", "page");

  const fill = page.getByRole("table", { name: /Answers per group/ });
  const native = fill.getByRole("row", { name: /^native/ });
  await expect(native.getByRole("cell").first()).toHaveText("2 of 2 answers");
  const nativeBar = page.getByRole("progressbar", { name: "Group native: 2 of 2 answers" });
  await expect(nativeBar).toHaveAttribute("value", "2");
  await expect(nativeBar).toHaveAttribute("max", "2");
  const other = fill.getByRole("row", { name: /^non_native/ });
  await expect(other.getByRole("cell").first()).toHaveText("0 of 2 answers");
  await expect(other.getByRole("cell").last()).toHaveText("2 units");
  await expect(page.getByRole("progressbar", { name: "Group non_native: 0 of 2 answers" })).toHaveAttribute("value", "0");

  const unserved = page.getByRole("region", { name: "Participants not served" });
  await expect(unserved.getByRole("definition").first()).toHaveText("1"); // screened out
  await expect(unserved.getByText("native: 1")).toBeVisible();
  const waiting = unserved.getByRole("table");
  await expect(waiting.getByRole("row")).toHaveCount(2); // the header and the second native speaker
  await expect(waiting.getByRole("row").nth(1)).toContainText(secondId);
  await expectNoAxeViolations(page, "the groups tab");
  await api.dispose();
});

test("[STUDY][GROUPS][FORM] the settings form shows a whole-study screener's question and choices, and saving keeps them", async ({ admin, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, writeGenericItems(2, unique("speakers")), unique("speakers"));
  const created = await api.post("/api/studies", { data: { name: unique("Screened"), datasetId, design: "baseline", unitType: "question", n: 2, groups: GROUPS, config: {} } });
  expect(created.status(), await created.text()).toBe(201);
  const { study } = (await created.json()) as { study: { id: string } };

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
  await page.goto(`/studies/${study.id}/settings`);
  const form = page.getByRole("form", { name: "Study settings" });
  await expect(form.getByRole("radio", { name: /^From a screener question, for the whole study/ })).toBeChecked();
  await expect(form.getByRole("textbox", { name: "Screener question" })).toHaveValue("Is English your first language?");
  await expect(form.getByRole("textbox", { name: "Choice 1" })).toHaveValue("Yes");
  await expect(form.getByRole("combobox", { name: "Group of choice 2" })).toHaveValue("non_native");
  await expect(form.getByRole("combobox", { name: "Group of choice 3" })).toHaveValue("");
  await expectNoAxeViolations(page, "the settings form with a whole-study screener");

  // saved without a change, the study keeps its screener (it used to become a URL parameter)
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  const got = (await (await api.get(`/api/studies/${study.id}`)).json()) as { study: { settings: { groups: unknown } } };
  expect(got.study.settings.groups).toMatchObject({ membership: { from: "screener" }, screener: GROUPS.screener });

  // a choice added in the form is saved with its group
  await form.getByRole("button", { name: "Add a choice" }).click();
  await expect(form.getByRole("textbox", { name: "Choice 4" })).toBeFocused();
  await page.keyboard.type("Both equally");
  await form.getByRole("combobox", { name: "Group of choice 4" }).selectOption("native");
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/studies/${study.id}`) && r.request().method() === "PATCH");
  await form.getByRole("button", { name: "Save settings" }).click();
  expect((await saved).status()).toBe(200);
  const again = (await (await api.get(`/api/studies/${study.id}`)).json()) as { study: { settings: { groups: { screener: { options: unknown[] } } } } };
  expect(again.study.settings.groups.screener.options.at(-1)).toEqual({ label: "Both equally", group: "native" });
  await api.dispose();
});
