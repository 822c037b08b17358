import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

// The accessibility audit of e2e/a11y.spec.ts: axe-core with the WCAG 2.0, 2.1 and 2.2 A/AA rule
// tags. Serious and critical findings fail the test; moderate and minor ones are printed (and
// attached to the report) so they can be fixed without blocking.

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export async function audit(page: Page, what: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const line = (v: (typeof result.violations)[number]) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`;
  const blocking = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map(line);
  const other = result.violations.filter((v) => v.impact !== "serious" && v.impact !== "critical").map(line);
  if (other.length) {
    console.log(`[a11y] ${what}: ${other.length} moderate/minor\n  ${other.join("\n  ")}`);
    test.info().annotations.push({ type: "a11y-moderate", description: `${what}: ${other.join("; ")}` });
  }
  expect(blocking, `serious/critical axe violations on ${what} (${page.url()})`).toEqual([]);
}

/**
 * Every control a pointer can hit on the page, with the size of its target: its own box, or the
 * box of the <label> around it (a click there works the control too). Hidden controls (a skip
 * link before it is focused) have no target and are left out.
 */
export async function targetSizes(page: Page): Promise<{ what: string; width: number; height: number }[]> {
  return page.evaluate(() => {
    const selector = "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=tab], [role=button]";
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: false }) && !el.closest("dialog:not([open])"))
      .map((el) => {
        const label = el.closest("label");
        const own = el.getBoundingClientRect();
        const box = label ? label.getBoundingClientRect() : own;
        const what = `${el.tagName.toLowerCase()}${el.getAttribute("type") ? `[type=${el.getAttribute("type")}]` : ""} “${(el.getAttribute("aria-label") ?? label?.innerText ?? el.innerText ?? "").trim().slice(0, 40)}”`;
        return { what, width: Math.max(box.width, own.width), height: Math.max(box.height, own.height) };
      })
      .filter((t) => t.width > 1 && t.height > 1);
  });
}
