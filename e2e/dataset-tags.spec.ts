import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { importFile, signedInRequest } from "./helpers/api";
import { writeGenericItems } from "./helpers/generic";
import { createUser, uiSignIn, unique } from "./support";

// Extra tags from a CSV on the dataset page: the question ids come from the questions CSV export;
// after the upload the new tag is in the question filter; a bad file is refused with its rows
// named by line, and nothing changes.

function csvFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "e2e-tags-")), "tags.csv");
  writeFileSync(file, text);
  return file;
}

test("[DATASETS][TAGS] the owner adds tags from a CSV; the tag appears in the filter; a bad CSV shows its rows by line", async ({ admin, page }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, writeGenericItems(3, unique("tags")), unique("tags"));
  const exported = parse(await (await api.get(`/api/datasets/${datasetId}/export?format=csv`)).text(), { columns: true }) as { questionId: string }[];
  expect(exported).toHaveLength(3);

  await uiSignIn(page, researcher.email, researcher.password);
  await expect(page).toHaveURL(/\/datasets$/);
  await page.goto(`/datasets/${datasetId}`);
  const form = page.getByRole("form", { name: "Add tags from a CSV" });
  await expect(page.getByRole("heading", { level: 2, name: "Add tags from a CSV" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "pool" })).toHaveCount(0);
  await expectNoAxeViolations(page, "the dataset page with the tag upload");

  await form.getByLabel("Tags file (CSV)").setInputFiles(csvFile(`questionId,tag,value\n${exported[0]!.questionId},pool,gold\n${exported[1]!.questionId},pool,gold\n`));
  await form.getByRole("button", { name: "Add tags" }).click();
  const done = page.getByRole("heading", { name: "Tags added" });
  await expect(done).toBeFocused();
  await expect(page.getByText("Added 2 rows to 2 questions. Tags touched: pool.")).toBeVisible();
  const filter = page.getByRole("combobox", { name: "pool" });
  await expect(filter).toBeVisible();
  await expect(filter.getByRole("option")).toHaveText(["Any", "gold (2)"]);

  await form.getByLabel("Tags file (CSV)").setInputFiles(csvFile(`questionId,tag,value\n${exported[2]!.questionId},pool,gold\nnot-an-id,pool,gold\n${exported[2]!.questionId},bad tag,x\n`));
  await form.getByRole("button", { name: "Add tags" }).click();
  const refused = page.getByRole("heading", { name: "No tags added" });
  await expect(refused).toBeFocused();
  await expect(page.getByText("The tags file has invalid rows; nothing was changed.")).toBeVisible();
  const problems = page.getByRole("region", { name: "Problems found" }).getByRole("table");
  await expect(problems.getByRole("row")).toHaveCount(3);
  // record 2 on line 3: its id; record 3 on line 4: its tag name
  const first = problems.getByRole("row").nth(1).getByRole("cell");
  await expect(first.nth(0)).toHaveText("2");
  await expect(first.nth(1)).toHaveText("3");
  await expect(first.nth(2)).toHaveText("questionId");
  const second = problems.getByRole("row").nth(2).getByRole("cell");
  await expect(second.nth(1)).toHaveText("4");
  await expect(second.nth(2)).toHaveText("tag");
  await expectNoAxeViolations(page, "the tag upload's refused rows");
  // nothing changed: still two questions in the pool
  await page.reload();
  await expect(page.getByRole("combobox", { name: "pool" }).getByRole("option")).toHaveText(["Any", "gold (2)"]);
  // the filter form leaves the other tag at "Any": the address names only the chosen tag
  await page.getByRole("combobox", { name: "pool" }).selectOption("gold");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`/datasets/${datasetId}\\?tag\\.pool=gold$`));
  await expect(page.getByRole("combobox", { name: "pool" })).toHaveValue("gold");
  await api.dispose();
});
