import { describe, expect, it } from "vitest";
import { clearDraft, draftKey, draftsOf, loadDraft, newDraft, randomKey, saveDraft, type DraftStorage } from "@/components/task/draft";
import { fitGiven, itemsOf } from "@/components/task/items";

class MemoryStorage implements DraftStorage {
  private items = new Map<string, string>();
  failWrites = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException("full", "QuotaExceededError");
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
}

const AID = "7f1c3a52-1111-4222-8333-444455556666";

describe("draft storage", () => {
  it("keeps answers, comment, key, start time and active time across a reload", () => {
    const storage = new MemoryStorage();
    const draft = { ...newDraft("abc", AID, new Date("2025-01-02T03:04:05Z"), "key-12345678"), answers: { "flag:unsafe": "no" }, comment: "hm", activeMs: 4200 };
    expect(saveDraft(storage, draft)).toBe(true);
    expect(loadDraft(storage, "abc", AID)).toEqual(draft);
  });

  it("keys drafts by study code and assignment", () => {
    const storage = new MemoryStorage();
    saveDraft(storage, newDraft("abc", AID, new Date(), "key-12345678"));
    expect(loadDraft(storage, "other", AID)).toBeNull();
    expect(loadDraft(storage, "abc", "another-assignment")).toBeNull();
    expect(draftKey("abc", AID)).toBe(`sally:draft:abc:${AID}`);
  });

  it("ignores a corrupt or foreign value instead of throwing", () => {
    const storage = new MemoryStorage();
    storage.setItem(draftKey("abc", AID), "{not json");
    expect(loadDraft(storage, "abc", AID)).toBeNull();
    storage.setItem(draftKey("abc", AID), JSON.stringify({ v: 1, answers: "nope" }));
    expect(loadDraft(storage, "abc", AID)).toBeNull();
  });

  it("reports a refused write and works without storage at all", () => {
    const storage = new MemoryStorage();
    storage.failWrites = true;
    const draft = newDraft("abc", AID, new Date(), "key-12345678");
    expect(saveDraft(storage, draft)).toBe(false);
    expect(saveDraft(null, draft)).toBe(false);
    expect(loadDraft(null, "abc", AID)).toBeNull();
    expect(draftsOf(null, "abc")).toEqual([]);
  });

  it("lists one study's drafts and clears them one by one", () => {
    const storage = new MemoryStorage();
    saveDraft(storage, newDraft("abc", "a1", new Date(), "key-12345678"));
    saveDraft(storage, { ...newDraft("abc", "a2", new Date(), "key-87654321"), pending: { durationMs: 10 } });
    saveDraft(storage, newDraft("xyz", "a3", new Date(), "key-00000000"));
    storage.setItem("unrelated", "1");
    expect(draftsOf(storage, "abc").map((d) => d.assignmentId).sort()).toEqual(["a1", "a2"]);
    clearDraft(storage, "abc", "a1");
    expect(draftsOf(storage, "abc").map((d) => d.assignmentId)).toEqual(["a2"]);
    expect(draftsOf(storage, "abc")[0]!.pending).toEqual({ durationMs: 10 });
  });

  it("keeps only answers that fit the unit's checks", () => {
    const checks = [
      { key: "flag:unsafe", prompt: "Unsafe?", options: [{ value: "yes", label: "Yes" }, { value: "no", label: "No" }] },
      { key: "label", prompt: "Label", options: [{ value: "a", label: "A" }, { value: "b", label: "B" }] },
    ];
    const items = itemsOf({ questions: [], checks, commentAllowed: false });
    expect(fitGiven(items, { answers: { "flag:unsafe": "no", label: "zzz", gone: "yes" }, comments: {}, comment: "" }, false).answers).toEqual({ "flag:unsafe": "no" });
  });

  it("makes idempotency keys the server accepts (8 to 100 characters), different each time", () => {
    const a = randomKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomKey()).not.toBe(a);
  });

  it("keeps each stage's draft apart: stage 2 has its own key and never overwrites stage 1", () => {
    const storage = new MemoryStorage();
    const one = { ...newDraft("abc", AID, new Date(), "key-11111111"), answers: { q1: 1 }, pending: { durationMs: 5, payload: { answers: { q1: 1 } } } };
    const two = { ...newDraft("abc", AID, new Date(), "key-22222222", 2), answers: { q1: 0, q2: ["Ana"], q3: null } };
    saveDraft(storage, one);
    saveDraft(storage, two);
    expect(draftKey("abc", AID, 2)).toBe(`sally:draft:abc:${AID}:s2`);
    expect(loadDraft(storage, "abc", AID)).toEqual(one);
    expect(loadDraft(storage, "abc", AID, 2)).toEqual(two);
    expect(draftsOf(storage, "abc").map((d) => d.stage).sort()).toEqual([1, 2]);
    clearDraft(storage, "abc", AID, 1);
    expect(draftsOf(storage, "abc").map((d) => d.idempotencyKey)).toEqual(["key-22222222"]);
  });

  it("reads a draft saved before answers had kinds (no stage, times or signals), so an unsent answer survives an upgrade", () => {
    const storage = new MemoryStorage();
    const old = { v: 1, code: "abc", assignmentId: AID, idempotencyKey: "key-12345678", startedAt: "2025-01-01T00:00:00.000Z", activeMs: 10, answers: { label: "a" }, comment: "", pending: { durationMs: 10 } };
    storage.setItem(draftKey("abc", AID), JSON.stringify(old));
    expect(loadDraft(storage, "abc", AID)).toEqual({ ...old, comments: {}, times: {}, signals: { pastes: 0, focusLosses: 0 }, stage: 1 });
  });

  it("does not trust a value stored under another draft's key", () => {
    const storage = new MemoryStorage();
    storage.setItem(draftKey("abc", "a1"), JSON.stringify(newDraft("abc", "a2", new Date(), "key-12345678")));
    expect(draftsOf(storage, "abc")).toEqual([]);
  });
});
