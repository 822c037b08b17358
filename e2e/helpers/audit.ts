import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

// The accessibility audit of e2e/a11y.spec.ts: axe-core with the WCAG 2.0, 2.1 and 2.2 A/AA rule
// tags, plus axe's best practices. Serious and critical WCAG findings fail the test, and so does
// landmark-unique (a best practice: two landmarks of one role that a screen reader cannot tell
// apart); everything else is printed (and attached to the report) so it can be fixed without
// blocking.

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const ALWAYS_BLOCKING = new Set(["landmark-unique"]);

export async function audit(page: Page, what: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags([...WCAG_TAGS, "best-practice"]).analyze();
  const line = (v: (typeof result.violations)[number]) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`;
  const blocks = (v: (typeof result.violations)[number]) =>
    ALWAYS_BLOCKING.has(v.id) || ((v.impact === "serious" || v.impact === "critical") && v.tags.some((t) => WCAG_TAGS.includes(t)));
  const blocking = result.violations.filter(blocks).map(line);
  const other = result.violations.filter((v) => !blocks(v)).map(line);
  if (other.length) {
    console.log(`[a11y] ${what}: ${other.length} not blocking\n  ${other.join("\n  ")}`);
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
