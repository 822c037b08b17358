import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { CONSOLE_CLIENT_NAMESPACES, PARTICIPANT_CLIENT_NAMESPACES } from "@/lib/i18n/namespaces";
import { catalogDifferences, flatten, placeholdersOf } from "@/tests/support/catalog-parity";

describe("the comparison of catalogs", () => {
  it("finds a key that exists in one language only", () => {
    expect(catalogDifferences({ a: { x: "X", y: "Y" } }, { a: { x: "X" } }, ["en", "zh"])).toEqual(["a.y: missing in zh"]);
    expect(catalogDifferences({ a: {} }, { a: { z: "Z" } }, ["en", "zh"])).toEqual(["a.z: missing in en"]);
  });

  it("finds placeholders that differ by name, kind, select branch or tag", () => {
    expect(catalogDifferences({ m: "Unit {k} of {n}" }, { m: "第 {k} 个，共 {total} 个" })).toHaveLength(1);
    expect(catalogDifferences({ m: "{count, number} chars" }, { m: "{count} 个字符" })).toHaveLength(1);
    expect(catalogDifferences({ m: "{noun, select, conversation {a} other {b}}" }, { m: "{noun, select, text {a} other {b}}" })).toHaveLength(1);
    expect(catalogDifferences({ m: "press <k>1</k>" }, { m: "按 1" })).toHaveLength(1);
  });

  it("accepts plural branches that differ between languages", () => {
    expect(catalogDifferences({ m: "{count, plural, one {# unit} other {# units}}" }, { m: "{count, plural, other {# 个单元}}" })).toEqual([]);
  });

  it("reports a message that does not parse", () => {
    expect(placeholdersOf("{broken")[0]).toMatch(/^!/);
  });
});

describe("the English and Chinese catalogs", () => {
  it("have the same keys and the same placeholders in every message", () => {
    expect(catalogDifferences(en, zh, ["en", "zh"])).toEqual([]);
  });

  it("parse, and have no empty message", () => {
    for (const catalog of [en, zh]) {
      for (const [key, message] of flatten(catalog)) {
        expect(placeholdersOf(message).filter((p) => p.startsWith("!")), key).toEqual([]);
        expect(message.trim(), key).not.toBe("");
      }
    }
  });

  it("hold every namespace the pages send to the browser", () => {
    for (const ns of [...PARTICIPANT_CLIENT_NAMESPACES, ...CONSOLE_CLIENT_NAMESPACES]) expect(Object.keys(en)).toContain(ns);
  });
});
