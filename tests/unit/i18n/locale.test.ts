import { describe, expect, it } from "vitest";
import { cookiePathOf, HTML_LANG, resolveLocale } from "@/lib/i18n/locales";
import { pickNamespaces } from "@/lib/i18n/namespaces";

describe("a participant page's language", () => {
  it("is the study's language when the study does not allow switching, whatever the cookie says", () => {
    expect(resolveLocale({ language: "zh", allowLanguageSwitch: false }, "en")).toBe("zh");
    expect(resolveLocale({ language: "en", allowLanguageSwitch: false }, "zh")).toBe("en");
  });

  it("is the participant's choice when the study allows switching", () => {
    expect(resolveLocale({ language: "zh", allowLanguageSwitch: true }, "en")).toBe("en");
    expect(resolveLocale({ language: "en", allowLanguageSwitch: true }, "zh")).toBe("zh");
  });

  it("falls back to the study's language for a missing or unknown choice", () => {
    expect(resolveLocale({ language: "zh", allowLanguageSwitch: true }, undefined)).toBe("zh");
    expect(resolveLocale({ language: "zh", allowLanguageSwitch: true }, "fr")).toBe("zh");
  });

  it("is English without a study (console pages, unknown links)", () => {
    expect(resolveLocale(null, "zh")).toBe("en");
  });

  it("names Chinese by its script in html lang", () => {
    expect(HTML_LANG.zh).toBe("zh-Hans");
    expect(HTML_LANG.en).toBe("en");
  });

  it("keeps the choice on the study's own pages", () => {
    expect(cookiePathOf("ab c")).toBe("/s/ab%20c");
  });
});

describe("the messages sent to the browser", () => {
  it("hold only the namespaces asked for", () => {
    expect(pickNamespaces({ task: { a: "A" }, console: { b: "B" }, done: {} }, ["task", "done", "missing"])).toEqual({ task: { a: "A" }, done: {} });
  });
});
