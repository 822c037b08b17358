import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineText } from "@/tests/support/inline-text";

// The console's pages and components word their text through the catalogs (docs/i18n.md); this
// fails when English is written inline again.

const ROOTS = ["app/(console)", "components/studies", "components/datasets", "components/console", "components/charts", "lib/designs"];

// Components outside the console layout's catalog provider, kept in English on purpose.
const OUTSIDE_CONSOLE = new Set(["components/console/sign-in-form.tsx"]);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? tsxFiles(full) : e.name.endsWith(".tsx") ? [full] : [];
  });
}

describe("finding inline English", () => {
  it("reports JSX text, shown attributes and rendered literals", () => {
    const found = inlineText(
      "x.tsx",
      `export const A = ({ ok }: { ok: boolean }) => <p title="Some title" aria-label={ok ? "Yes sir" : t("no")}>Hello there {ok && "shown text"} {t("key")}</p>;`,
    );
    expect(found.map((f) => f.text)).toEqual(["Some title", "Yes sir", "Hello there", "shown text"]);
  });

  it("reports literal table columns and option labels", () => {
    const found = inlineText("x.tsx", `const O = [{ value: "a", label: "Option A", hint: t("h") }]; export const C = () => <DataTable columns={["Model", "n", t("x")]} />;`);
    expect(found.map((f) => f.text)).toEqual(["Option A", "Model"]);
  });

  it("passes catalog calls, symbols, keys and class names", () => {
    const found = inlineText("x.tsx", `export const B = () => <span className="text-muted font-medium" aria-hidden="true">{t("a.b")} — ▲ {"%"} {String(n)}</span>;`);
    expect(found).toEqual([]);
  });
});

describe("the console's components", () => {
  it("hold no inline English", () => {
    const problems = ROOTS.flatMap((root) =>
      tsxFiles(root)
        .filter((file) => !OUTSIDE_CONSOLE.has(file))
        .flatMap((file) => inlineText(file, readFileSync(file, "utf8")).map((f) => `${file}:${f.line}: ${f.text}`)),
    );
    expect(problems).toEqual([]);
  });
});
