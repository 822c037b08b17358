import { describe, expect, it } from "vitest";
import { newDraft } from "@/components/task/draft";
import { itemsOf } from "@/components/task/items";
import { initialTaskState, taskReducer, type TaskEvent, type TaskState } from "@/components/task/task-state";
import type { ParticipantUnit } from "@/lib/participants/task";
import { words } from "@/tests/support/translators";

function unit(id: string, extra: Partial<ParticipantUnit> = {}): ParticipantUnit {
  return {
    assignmentId: id,
    expiresAt: "2030-01-01T00:00:00.000Z",
    phase: "task",
    stage: 1,
    stages: 1,
    context: { views: { main: { type: "passage", paragraphs: ["Short."] } }, defaultView: "main", layout: "tabs" },
    questions: [{ id: "q1", kind: "yes_no", prompt: "Is it short?", options: null, answer: true }],
    checks: [],
    commentAllowed: true,
    ...extra,
  };
}

function loaded(u: ParticipantUnit, done = 0): TaskEvent {
  return { type: "loaded", unit: u, progress: { done, total: 3 }, items: itemsOf(u), draft: newDraft("abc", u.assignmentId, new Date(0), "key-12345678", u.stage), fieldErrors: {} };
}

const run = (events: TaskEvent[], from: TaskState = initialTaskState) => events.reduce(taskReducer, from);

describe("task state", () => {
  it("starts loading, then works on the unit that arrived; the first unit takes no focus", () => {
    const s = run([loaded(unit("a1"))]);
    expect(s.phase).toBe("working");
    expect(s.work?.unit.assignmentId).toBe("a1");
    expect(s.focus).toBeNull();
  });

  it("a new unit after a submit sends focus to its heading; the same unit reloaded does not", () => {
    const first = run([loaded(unit("a1"))]);
    expect(run([{ type: "load_started" }, loaded(unit("a1"))], first).focus).toBeNull();
    expect(run([{ type: "load_started" }, loaded(unit("a2"), 1)], first).focus).toMatchObject({ to: "heading" });
  });

  it("answers and comments go into the draft and clear that item's error and the notice", () => {
    const s0 = { ...run([loaded(unit("a1"))]), fieldErrors: { q1: "No", other: "x" }, notice: "Saved." };
    const s = run([{ type: "answered", key: "q1", value: "yes" }, { type: "commented", key: null, text: "hm" }, { type: "commented", key: "c.a", text: "why" }], s0);
    expect(s.work?.draft.answers).toEqual({ q1: "yes" });
    expect(s.work?.draft.comment).toBe("hm");
    expect(s.work?.draft.comments).toEqual({ "c.a": "why" });
    expect(s.fieldErrors).toEqual({ other: "x" });
    expect(s.notice).toBeNull();
  });

  it("fixes the answers while a submission is under way: answering then changes nothing", () => {
    const s = run([loaded(unit("a1")), { type: "answered", key: "q1", value: "yes" }]);
    const draft = { ...s.work!.draft, pending: { durationMs: 5, payload: { answers: { q1: "yes" } } } };
    const sending = run([{ type: "submit_started", draft }], s);
    expect(sending.phase).toBe("sending");
    expect(run([{ type: "answered", key: "q1", value: "no" }, { type: "pasted" }], sending)).toBe(sending);
  });

  it("an early Submit names what is missing and focuses the first of it", () => {
    const s = run([loaded(unit("a1")), { type: "incomplete", keys: ["q1"] }]);
    expect(s.missing).toEqual(["q1"]);
    expect(s.focus).toMatchObject({ to: "item", key: "q1" });
  });

  it("a 422 reopens the draft, shows each message on its item and focuses it", () => {
    const s = run([loaded(unit("a1"))]);
    const draft = { ...s.work!.draft, pending: null };
    const refused = run([{ type: "submit_started", draft: { ...draft, pending: { durationMs: 1 } } }, { type: "submit_refused", message: "Some answers are missing.", fieldErrors: { q1: "Say yes or no" }, draft }], s);
    expect(refused.phase).toBe("working");
    expect(refused.error).toBe("Some answers are missing.");
    expect(refused.fieldErrors).toEqual({ q1: "Say yes or no" });
    expect(refused.focus).toMatchObject({ to: "item", key: "q1" });
    expect(refused.work?.draft.pending).toBeNull();
  });

  it("offline keeps what was under way to retry it, and puts focus on Retry", () => {
    const s = run([loaded(unit("a1")), { type: "skip_started" }, { type: "went_offline", pending: "skip" }]);
    expect(s).toMatchObject({ phase: "offline", pending: "skip", focus: { to: "retry" } });
  });

  it("the next stage of the same unit is a reveal: new content, the first answers kept, focus on the context, announced", () => {
    const staged = unit("a1", { stages: 2 });
    const first = run([loaded(staged), { type: "answered", key: "q1", value: "no" }]);
    const stage2 = unit("a1", { stage: 2, stages: 2, previous: { answers: { q1: "no" } }, context: { views: { long: { type: "passage", paragraphs: ["Longer text.", "Short."] } }, defaultView: "long", layout: "tabs" } });
    const draft = { ...newDraft("abc", "a1", new Date(0), "key-22222222", 2), answers: { q1: "no" } };
    const s = run([{ type: "load_started" }, { type: "stage_revealed", unit: stage2, progress: { done: 0, total: 3 }, items: itemsOf(stage2), draft }], first);
    expect(s.phase).toBe("working");
    expect(s.work?.unit.stage).toBe(2);
    expect(s.work?.progress).toEqual(first.work?.progress);
    expect(s.work?.draft).toMatchObject({ stage: 2, idempotencyKey: "key-22222222", answers: { q1: "no" } });
    expect(s.focus).toMatchObject({ to: "context" });
    expect(words("en")(s.notice!)).toMatch(/More of the text is now shown/);
  });

  it("counts pastes and focus losses in the draft", () => {
    const s = run([loaded(unit("a1")), { type: "pasted" }, { type: "focus_lost" }, { type: "focus_lost" }]);
    expect(s.work?.draft.signals).toEqual({ pastes: 1, focusLosses: 2 });
  });

  it("stopping ends the work and keeps the server's outcome", () => {
    const s = run([loaded(unit("a1")), { type: "stop_started" }, { type: "stopped", result: { outcome: "returned" } }]);
    expect(s).toMatchObject({ phase: "leaving", work: null, stopped: { outcome: "returned" } });
    const failed = run([loaded(unit("a1")), { type: "stop_started" }, { type: "stop_failed", message: "No." }]);
    expect(failed).toMatchObject({ phase: "working", error: "No." });
  });

  it("the screener: focus on its heading when it arrives; a refusal marks items and focuses the first; an answer clears its error; the first unit after it takes focus", () => {
    const screener = { prompt: "Read?", help: null, choice: "values" as const, options: [{ value: "Emma", label: "Emma" }], memberGroup: "read", familiarity: [], current: { group: null, values: [] } };
    const asked = run([{ type: "screener_asked", screener }]);
    expect(asked).toMatchObject({ phase: "working", screener, work: null, focus: { to: "screener" } });
    const sending = run([{ type: "screener_sending" }], asked);
    expect(sending).toMatchObject({ phase: "sending", pending: "screener" });
    const refused = run([{ type: "screener_refused", message: "Answer every question (2 left).", fieldErrors: { "familiarity.0": "Answer this question.", "familiarity.1": "Answer this question." } }], sending);
    expect(refused).toMatchObject({ phase: "working", error: "Answer every question (2 left).", focus: { to: "item", key: "familiarity.0" } });
    expect(run([{ type: "screener_answered", key: "familiarity.0" }], refused).fieldErrors).toEqual({ "familiarity.1": "Answer this question." });
    const offline = run([{ type: "screener_sending" }, { type: "went_offline", pending: "screener" }], refused);
    expect(offline).toMatchObject({ phase: "offline", pending: "screener", screener });
    const first = run([{ type: "screener_sending" }, { type: "load_started" }, loaded(unit("a1"))], refused);
    expect(first).toMatchObject({ phase: "working", screener: null, focus: { to: "heading" } });
  });

  it("an outcome of the study's rules (screened out) ends the page with its code", () => {
    const result = { status: "screened_out" as const, progress: { done: 0, total: 3 }, completionCode: "SCR-OUT", redirectUrl: null };
    const s = run([{ type: "screener_sending" }, { type: "load_started" }, { type: "ended", result }]);
    expect(s).toMatchObject({ phase: "leaving", ended: result, screener: null, work: null });
  });
});
