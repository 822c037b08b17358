import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { parse as parseYaml } from "yaml";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { createOpenStudy, DEFAULT_FLAGS, importFile, signedInRequest } from "./helpers/api";
import { apiParticipant, writeGenericItems } from "./helpers/generic";
import { createUser, uiSignIn, unique } from "./support";

// The study page's exports: only the files the study's design produces, and the release zip,
// downloaded by clicking its link, unpacked here, its dataset card's YAML front matter read as
// the Hugging Face Hub reads it.

const exportLinks = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Exports" }).getByRole("link");

test("[STUDY][EXPORTS] a validation study offers its own exports; the release zip from its link holds a dataset card naming the licence and files it contains", async ({ admin, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, writeGenericItems(2, unique("marbles")), unique("marbles"));
  expect((await api.patch(`/api/datasets/${datasetId}`, { data: { license: "cc-by-4.0" } })).status()).toBe(200);
  const name = unique("Marbles checked");
  const study = await createOpenStudy(api, { name, datasetId, unitType: "context", n: 1, config: { contextChecks: { flags: DEFAULT_FLAGS, comment: true } } });
  // one participant finds both stories fine: both units are kept
  expect(await (await apiParticipant(study.code)).answerAll()).toBe(2);

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page).toHaveURL(/\/datasets$/);
  await page.goto(`/studies/${study.id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(exportLinks(page)).toHaveText([
    "Download release for the Hugging Face Hub (zip)",
    "Download validated dataset",
    "Download raw responses (CSV)",
    "Download raw responses (Parquet)",
    "Download raw responses (JSONL)",
    "Download unit decisions (CSV)",
    "Download unit decisions (Parquet)",
    "Download manifest (JSON)",
  ]);
  await expect(page.getByText(/Nothing is kept yet/)).toHaveCount(0);
  // a study without groups has no groups tab
  await expect(page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Groups" })).toHaveCount(0);
  await expectNoAxeViolations(page, "the study overview with its exports");

  const downloading = page.waitForEvent("download");
  await exportLinks(page).filter({ hasText: "Hugging Face" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`-${study.code}\\.zip$`));
  const files = unzipSync(readFileSync((await download.path())!));
  const folder = download.suggestedFilename().replace(/\.zip$/, "");
  const at = (file: string) => files[`${folder}/${file}`];

  const readme = Buffer.from(at("README.md")!).toString("utf8");
  const front = /^---\n([\s\S]*?)\n---\n/.exec(readme);
  expect(front, "the card opens with YAML front matter").not.toBeNull();
  const meta = parseYaml(front![1]!) as { license: string; configs: { config_name: string; data_files: { split: string; path: string }[] }[] };
  expect(meta.license).toBe("cc-by-4.0");
  expect(meta.configs.map((c) => c.config_name)).toEqual(["validated", "decisions", "responses"]);
  for (const c of meta.configs) for (const f of c.data_files) expect(at(f.path), `${f.path} is in the zip`).toBeDefined();
  expect(Buffer.from(at("data/validated.jsonl")!).toString("utf8").trim().split("\n")).toHaveLength(2);
  expect(at("errata.csv")).toBeDefined();
  expect(JSON.parse(Buffer.from(at("manifest.json")!).toString("utf8"))).toMatchObject({ study: expect.objectContaining({ name }) });
  await api.dispose();
});

test("[STUDY][EXPORTS] before any unit is kept, the validated dataset's link says why it is refused; a baseline lists scored answers instead", async ({ admin, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, writeGenericItems(2, unique("empty")), unique("empty"));
  const validation = await createOpenStudy(api, { name: unique("Nothing yet"), datasetId, unitType: "context", n: 1, config: { contextChecks: { flags: DEFAULT_FLAGS, comment: true } } });
  const baseline = await createOpenStudy(api, { name: unique("Baseline"), datasetId, design: "baseline", unitType: "question", n: 1, config: {} });

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page).toHaveURL(/\/datasets$/);
  await page.goto(`/studies/${validation.id}`);
  const validated = exportLinks(page).filter({ hasText: "Download validated dataset" });
  await expect(validated).toHaveAccessibleDescription(/Nothing is kept yet, so this download is refused for now/);
  expect((await api.get(`/api/studies/${validation.id}/export?format=validated`)).status()).toBe(409);
  await expectNoAxeViolations(page, "the exports with the validated dataset refused for now");

  await page.goto(`/studies/${baseline.id}`);
  await expect(exportLinks(page).filter({ hasText: /scored answers/i })).toHaveText(["Download scored answers (CSV)", "Download scored answers (Parquet)"]);
  await expect(exportLinks(page).filter({ hasText: /validated|decisions|bonus/i })).toHaveCount(0);
  expect((await api.get(`/api/studies/${baseline.id}/export?format=decisions-csv`)).status()).toBe(404);
  await api.dispose();
});
