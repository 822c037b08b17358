import { describe, expect, it } from "vitest";
import { problemKey } from "@/components/task/problem-keys";
import { UNAVAILABLE_REASONS } from "@/lib/participants/paths";
import { catalogs, words } from "@/tests/support/translators";
import { flatten } from "@/tests/support/catalog-parity";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const keys = new Set(flatten(catalogs.en).keys());

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

describe("the messages task code names", () => {
  it("exist in the catalog: every quoted key of the errors, notices and screener namespaces in components/task", () => {
    const named = sources("components/task").flatMap((f) => [...readFileSync(f, "utf8").matchAll(/"((?:errors|task\.notices|screener)\.[A-Za-z]+)"/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((k) => !keys.has(k))).toEqual([]);
  });

  it("never word a problem with the server's own detail", () => {
    const statuses = [0, 400, 401, 403, 404, 409, 413, 422, 429, 500, 502, 503, 418];
    const reasons = [undefined, "already_submitted", "not_leased", "lease_expired", "stage_not_served", "screener_locked", "something_new"];
    for (const status of statuses) {
      for (const reason of reasons) {
        const key = problemKey({ status, code: "x", reason });
        expect(keys.has(key), `${status} ${reason} → ${key}`).toBe(true);
      }
    }
    expect(problemKey({ status: 409, code: "conflict", reason: "already_submitted" })).toBe("errors.alreadySubmitted");
    expect(problemKey({ status: 503, code: "unavailable" })).toBe("errors.server");
    expect(words("zh")(problemKey({ status: 0, code: "network" }))).toBe("无法连接服务器。请检查网络连接后重试。");
  });

  it("explain every reason a participant cannot continue, in both languages", () => {
    for (const reason of UNAVAILABLE_REASONS.filter((r) => r !== "limit_reached")) {
      for (const locale of ["en", "zh"] as const) {
        const all = flatten(catalogs[locale]);
        expect(all.has(`unavailable.${reason}.title`), `${locale} ${reason}`).toBe(true);
        expect(all.has(`unavailable.${reason}.text`), `${locale} ${reason}`).toBe(true);
      }
    }
  });
});
