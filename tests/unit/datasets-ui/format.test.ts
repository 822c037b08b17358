import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { formatBytes, formatBytesOf, formatCount, kindLabel, percent, sortedCounts, versionText, type KindWords } from "@/components/datasets/format";
import en from "@/lib/i18n/messages/en.json";

// worded by the English catalog, as the console renders it
const kinds = createTranslator({ locale: "en", messages: en, namespace: "console.datasets.kinds" }) as unknown as KindWords;

describe("formatBytes", () => {
  it("uses bytes below 1 KB and one decimal above", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(812)).toBe("812 bytes");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(12.3 * 1024 * 1024)).toBe("12.3 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.0 GB");
  });

  it("shows a dash for impossible sizes", () => {
    expect(formatBytes(-1)).toBe("—");
    expect(formatBytes(Number.NaN)).toBe("—");
  });
});

describe("formatBytesOf", () => {
  it("puts both figures in the unit of the total", () => {
    expect(formatBytesOf(12.3 * 1024 * 1024, 40 * 1024 * 1024)).toBe("12.3 of 40.0 MB");
    expect(formatBytesOf(512 * 1024, 2 * 1024 * 1024)).toBe("0.5 of 2.0 MB");
    expect(formatBytesOf(100, 500)).toBe("100 of 500 bytes");
  });

  it("never shows more done than the total", () => {
    expect(formatBytesOf(5 * 1024, 4 * 1024)).toBe("4.0 of 4.0 KB");
  });
});

describe("percent", () => {
  it("is a whole, clamped percentage and 0 without a total", () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(5, 4)).toBe(100);
    expect(percent(5, 0)).toBe(0);
  });
});

describe("labels and counts", () => {
  it("formats counts with separators in a fixed locale", () => {
    expect(formatCount(3200)).toBe("3,200");
  });

  it("names question kinds, falling back to the raw kind", () => {
    expect(kindLabel("single_choice", kinds)).toBe("Single choice");
    expect(kindLabel("new_kind", kinds)).toBe("new kind");
  });

  it("sorts counts largest first, ties by name", () => {
    expect(sortedCounts({ b: 2, a: 2, c: 5 })).toEqual([["c", 5], ["a", 2], ["b", 2]]);
  });

  it("shows the version label, or v2… for re-imports of the same file", () => {
    expect(versionText(null, 1)).toBe("—");
    expect(versionText(null, 2)).toBe("v2");
    expect(versionText("2024-06", 1)).toBe("2024-06");
    expect(versionText("2024-06", 3)).toBe("2024-06 (v3)");
  });
});
