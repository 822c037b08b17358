import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2 A/AA checks on the page as it is now; the failure message names rule and elements. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  // A refresh (router.refresh after a change) streams the page's metadata back in: axe run in that
  // moment reports a missing title the page does have. A page with no title at all still fails here.
  await expect(page, `a title on ${what}`).toHaveTitle(/\S/);
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const found = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found, `axe violations on ${what}`).toEqual([]);
}
