import { expect, type Page } from "@playwright/test";

// The console's charts: a figure named by its title, SVG marks drawn in [data-chart], and a
// "Show table" toggle with the same numbers as a table.

/** A proportion as the console writes it: a whole percent. */
export const pct = (v: number) => `${Math.round(v * 100)}%`;

/** Opens the chart's table with its toggle (keyboard), checks the toggle's state, and returns the table. */
export async function openTable(page: Page, title: RegExp) {
  const figure = page.getByRole("figure", { name: title });
  await expect(figure.locator("[data-chart] svg").first()).toBeVisible();
  const toggle = figure.getByRole("button", { name: "Show table" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(figure.getByRole("button", { name: "Show chart" })).toHaveAttribute("aria-expanded", "true");
  const table = figure.getByRole("table");
  await expect(table).toBeVisible();
  return { figure, table };
}
