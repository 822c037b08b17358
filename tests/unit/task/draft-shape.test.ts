import { describe, expect, it } from "vitest";
import { parseStoredDraft } from "@/components/task/draft-shape";
import { newDraft } from "@/components/task/draft";

// The stored draft's shape, checked by hand on the task page (no zod there, for its weight).
const good = () => ({ ...newDraft("abc", "a1", new Date("2026-01-01T00:00:00Z"), "key-12345678"), answers: { c1: "yes", q2: 3, q3: ["Mira"], q4: null } });

describe("a stored draft's shape", () => {
  it("takes a draft as the page writes it, unchanged", () => {
    const d = { ...good(), comments: { c1: "why" }, times: { q2: 1200 }, signals: { pastes: 1, focusLosses: 2 }, stage: 2, pending: { durationMs: 5, payload: { answers: {} } } };
    expect(parseStoredDraft(JSON.parse(JSON.stringify(d)))).toEqual(d);
  });

  it("fills what older pages did not store: comments, times, signals, stage", () => {
    const { comments: _c, times: _t, signals: _s, stage: _st, ...old } = good();
    expect(parseStoredDraft(old)).toMatchObject({ comments: {}, times: {}, signals: { pastes: 0, focusLosses: 0 }, stage: 1 });
  });

  it.each([
    ["not an object", "text"],
    ["another version", { ...good(), v: 2 }],
    ["a short idempotency key", { ...good(), idempotencyKey: "short" }],
    ["a long idempotency key", { ...good(), idempotencyKey: "k".repeat(101) }],
    ["negative active time", { ...good(), activeMs: -1 }],
    ["fractional active time", { ...good(), activeMs: 1.5 }],
    ["an answer of another shape", { ...good(), answers: { q: { x: 1 } } }],
    ["a list answer with a number", { ...good(), answers: { q: ["a", 1] } }],
    ["an infinite number", { ...good(), answers: { q: Infinity } }],
    ["answers as a list", { ...good(), answers: [] }],
    ["a comment that is not text", { ...good(), comments: { c: 1 } }],
    ["a negative time", { ...good(), times: { q: -5 } }],
    ["broken signals", { ...good(), signals: { pastes: "1", focusLosses: 0 } }],
    ["stage 3", { ...good(), stage: 3 }],
    ["pending without a duration", { ...good(), pending: {} }],
    ["a pending payload that is a list", { ...good(), pending: { durationMs: 1, payload: [] } }],
    ["no pending field at all", (({ pending: _p, ...rest }) => rest)(good())],
    ["no code", (({ code: _c, ...rest }) => rest)(good())],
  ])("refuses %s", (_what, value) => {
    expect(parseStoredDraft(value)).toBeNull();
  });
});
