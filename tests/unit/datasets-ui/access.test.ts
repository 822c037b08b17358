import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { sharedWithText as withWords, type AccessFacts } from "@/components/datasets/access";
import en from "@/lib/i18n/messages/en.json";

// worded by the English catalog, as the console renders it
const words = createTranslator({ locale: "en", messages: en, namespace: "console.datasets.sharedWith" });
const sharedWithText = (viewer: { id: string; role: string }, d: AccessFacts) => withWords(viewer, d, words);

const owner = { id: "o", role: "researcher" };
const reader = { id: "r", role: "researcher" };
const admin = { id: "a", role: "admin" };

describe("sharedWithText", () => {
  it("tells the owner and admins how many researchers it is shared with", () => {
    const facts = { ownerId: "o", sharedWithAll: false, shareCount: 2 };
    expect(sharedWithText(owner, facts)).toBe("2 researchers");
    expect(sharedWithText(admin, facts)).toBe("2 researchers");
    expect(sharedWithText(owner, { ...facts, shareCount: 1 })).toBe("1 researcher");
    expect(sharedWithText(owner, { ...facts, shareCount: 0 })).toBe("No one");
  });

  it("tells a researcher it was shared with only that it is shared with them, not with how many others", () => {
    expect(sharedWithText(reader, { ownerId: "o", sharedWithAll: false, shareCount: 5 })).toBe("You");
  });

  it("says every researcher when shared with all, whoever looks", () => {
    for (const viewer of [owner, reader, admin]) {
      expect(sharedWithText(viewer, { ownerId: "o", sharedWithAll: true, shareCount: 3 })).toBe("Every researcher");
    }
  });

  it("marks an ownerless command-line import as admins only", () => {
    expect(sharedWithText(admin, { ownerId: null, sharedWithAll: false, shareCount: 0 })).toBe("No one (admins only)");
  });
});
