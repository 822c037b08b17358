import { expect, type Locator, type Page } from "@playwright/test";

// The researcher's new-study form, found by its roles and labels.

/** The live planning figures' status line. */
export function planStatus(form: Locator): Locator {
  return form.getByRole("group", { name: "Planning figures" }).getByRole("status");
}

/** Chooses the dataset and waits for the page's new props (its tags) to arrive. */
export async function chooseDataset(page: Page, form: Locator, datasetId: string): Promise<void> {
  await form.getByRole("combobox", { name: "Dataset" }).selectOption(datasetId);
  await expect(page).toHaveURL(new RegExp(`dataset=${datasetId}`));
  await expect(form.getByRole("searchbox", { name: "Search tag filter tags and values" })).toBeVisible();
}
