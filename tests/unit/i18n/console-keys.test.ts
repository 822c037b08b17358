import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import { flatten } from "@/tests/support/catalog-parity";

// next-intl renders a missing key as the key itself (and only logs), so a typo in t("…") would
// reach the researcher's screen. This reads the console's components and checks that every
// literal key resolves in one of the namespaces the file names.

const ROOTS = ["app/(console)", "components/studies", "components/datasets", "components/console", "components/charts", "lib/designs"];
const keys = new Set(flatten(en).keys());

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? tsxFiles(full) : e.name.endsWith(".tsx") ? [full] : [];
  });
}

function unresolvedKeys(source: string): string[] {
  const namespaces = [...source.matchAll(/(?:useTranslations|getTranslations)(?:<|\()\s*"([\w.]+)"/g)].map((m) => m[1]!);
  if (namespaces.length === 0) return [];
  const used = [...source.matchAll(/\bt(?:\.rich|\.markup)?\(\s*"([\w.]+)"/g)].map((m) => m[1]!);
  return used.filter((key) => !namespaces.some((ns) => keys.has(`${ns}.${key}`)));
}

describe("console translation keys", () => {
  it("finds a key that is missing", () => {
    expect(unresolvedKeys('const t = useTranslations("console.nav"); t("label"); t("nope");')).toEqual(["nope"]);
    expect(unresolvedKeys('const t = await getTranslations("console.notFound"); t.rich("title")')).toEqual([]);
  });

  it("all resolve in the English catalog", () => {
    const problems = ROOTS.flatMap((root) => tsxFiles(root).flatMap((file) => unresolvedKeys(readFileSync(file, "utf8")).map((k) => `${file}: ${k}`)));
    expect(problems).toEqual([]);
  });
});
