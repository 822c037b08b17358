import type { Answer } from "@/components/task/answer-kinds";
import type { Draft } from "@/components/task/draft";
import type { Item } from "@/components/task/items";
import type { ScreenerView } from "@/lib/participants/screener";
import type { NextResult, ParticipantUnit, Progress } from "@/lib/participants/task";

// The task page's state as a reducer over named events, so a new behaviour (a stage, a stop)
// is a new event rather than another flag. Pure: the hook (use-task.ts) does the requests,
// timers and storage, and tells this what happened.

export type Phase = "loading" | "working" | "sending" | "offline" | "leaving";
/** the request under way, or the one to retry when offline */
export type Pending = "load" | "submit" | "skip" | "stop" | "screener";

/** What POST /api/s/<code>/stop answers. */
export interface StopResult {
  outcome: "completed" | "returned";
  completionCode?: string;
  redirectUrl?: string;
}

/** How the study's rules ended the session (screened out, failed a check), with its code if any. */
export type Ended = Extract<NextResult, { status: "screened_out" | "failed_qualification" | "failed_attention" | "excluded" }>;

export interface Work {
  unit: ParticipantUnit;
  progress: Progress;
  /** what the participant answers, in page order */
  items: Item[];
  draft: Draft;
}

/** Where focus goes after the next render; `seq` makes a repeat request a new one. */
export type FocusRequest = { to: "heading" | "context" | "retry" | "screener" } | { to: "item"; key: string };

export interface TaskState {
  phase: Phase;
  pending: Pending;
  work: Work | null;
  /** the last unit shown (a reload of the same unit keeps focus where it is) */
  shown: string | null;
  notice: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  /** item keys still unanswered after an early Submit */
  missing: string[];
  retrying: boolean;
  storageOk: boolean;
  focus: (FocusRequest & { seq: number }) | null;
  /** the participant ended the session here */
  stopped: StopResult | null;
  /** the questions asked before the first unit, while they are asked */
  screener: ScreenerView | null;
  /** the study's rules ended the session */
  ended: Ended | null;
}

export const initialTaskState: TaskState = {
  phase: "loading",
  pending: "load",
  work: null,
  shown: null,
  notice: null,
  error: null,
  fieldErrors: {},
  missing: [],
  retrying: false,
  storageOk: true,
  focus: null,
  stopped: null,
  screener: null,
  ended: null,
};

export type TaskEvent =
  | { type: "load_started" }
  | { type: "connection_slow" }
  | { type: "connection_answered" }
  | { type: "notice"; text: string | null }
  /** a unit arrived: a new one, or the same one after a refresh */
  | { type: "loaded"; unit: ParticipantUnit; progress: Progress; items: Item[]; draft: Draft; fieldErrors: Record<string, string> }
  /** the same unit at its next stage: more context, the first answers kept to revise */
  | { type: "stage_revealed"; unit: ParticipantUnit; progress: Progress; items: Item[]; draft: Draft }
  | { type: "answered"; key: string; value: Answer }
  | { type: "commented"; key: string | null; text: string }
  /** the draft's timings and signals, as the hook measured them */
  | { type: "measured"; draft: Pick<Draft, "activeMs" | "times" | "signals"> }
  | { type: "pasted" }
  | { type: "focus_lost" }
  | { type: "storage"; ok: boolean }
  | { type: "incomplete"; keys: string[] }
  | { type: "submit_started"; draft: Draft }
  | { type: "submit_refused"; message: string; fieldErrors: Record<string, string>; draft: Draft }
  | { type: "skip_started" }
  | { type: "stop_started" }
  | { type: "stop_failed"; message: string }
  | { type: "stopped"; result: StopResult }
  | { type: "went_offline"; pending: Pending; message?: string | null }
  | { type: "retried" }
  | { type: "left" }
  | { type: "screener_asked"; screener: ScreenerView }
  | { type: "screener_sending" }
  | { type: "screener_refused"; message: string; fieldErrors: Record<string, string> }
  /** a screener item was answered: its error goes */
  | { type: "screener_answered"; key: string }
  | { type: "ended"; result: Ended };

// notices and errors are catalog keys (components/task/translate.ts)
const STAGE_NOTICE = "task.notices.stageRevealed";

function focus(state: TaskState, request: FocusRequest): TaskState["focus"] {
  return { ...request, seq: (state.focus?.seq ?? 0) + 1 };
}

function editable(state: TaskState): Work | null {
  const w = state.work;
  return w && !w.draft.pending && (state.phase === "working" || state.phase === "offline") ? w : null;
}

function withDraft(state: TaskState, w: Work, draft: Draft): TaskState {
  return { ...state, work: { ...w, draft } };
}

export function taskReducer(state: TaskState, event: TaskEvent): TaskState {
  switch (event.type) {
    case "load_started":
      return { ...state, phase: "loading", pending: "load", error: null };
    case "connection_slow":
      return state.retrying ? state : { ...state, retrying: true };
    case "connection_answered":
      return state.retrying ? { ...state, retrying: false } : state;
    case "notice":
      return state.notice === event.text ? state : { ...state, notice: event.text };
    case "loaded": {
      const id = event.unit.assignmentId;
      return {
        ...state,
        phase: "working",
        work: { unit: event.unit, progress: event.progress, items: event.items, draft: event.draft },
        shown: id,
        missing: [],
        error: null,
        fieldErrors: event.fieldErrors,
        screener: null,
        // a new unit (not the first one shown, or the first after the screener): start reading from its heading
        focus: (state.shown && state.shown !== id) || state.screener ? focus(state, { to: "heading" }) : state.focus,
      };
    }
    case "stage_revealed":
      return {
        ...state,
        phase: "working",
        work: { unit: event.unit, progress: event.progress, items: event.items, draft: event.draft },
        shown: event.unit.assignmentId,
        missing: [],
        error: null,
        fieldErrors: {},
        notice: STAGE_NOTICE,
        focus: focus(state, { to: "context" }),
      };
    case "answered": {
      const w = editable(state);
      if (!w) return state;
      const { [event.key]: _fixed, ...fieldErrors } = state.fieldErrors;
      return { ...withDraft(state, w, { ...w.draft, answers: { ...w.draft.answers, [event.key]: event.value } }), fieldErrors, notice: null };
    }
    case "commented": {
      const w = editable(state);
      if (!w) return state;
      const draft = event.key === null ? { ...w.draft, comment: event.text } : { ...w.draft, comments: { ...w.draft.comments, [event.key]: event.text } };
      return withDraft(state, w, draft);
    }
    case "measured": {
      const w = state.work;
      if (!w || w.draft.pending) return state;
      return withDraft(state, w, { ...w.draft, ...event.draft });
    }
    case "pasted":
    case "focus_lost": {
      const w = state.work;
      if (!w || w.draft.pending) return state;
      const { pastes, focusLosses } = w.draft.signals;
      const signals = event.type === "pasted" ? { pastes: pastes + 1, focusLosses } : { pastes, focusLosses: focusLosses + 1 };
      return withDraft(state, w, { ...w.draft, signals });
    }
    case "storage":
      return state.storageOk === event.ok ? state : { ...state, storageOk: event.ok };
    case "incomplete":
      return { ...state, missing: event.keys, focus: event.keys[0] ? focus(state, { to: "item", key: event.keys[0] }) : state.focus };
    case "submit_started": {
      const w = state.work;
      if (!w) return state;
      return { ...withDraft(state, w, event.draft), phase: "sending", pending: "submit", missing: [], error: null, fieldErrors: {} };
    }
    case "submit_refused": {
      const w = state.work;
      if (!w) return state;
      const first = w.items.find((i) => i.key in event.fieldErrors);
      return {
        ...withDraft(state, w, event.draft),
        phase: "working",
        error: event.message,
        fieldErrors: event.fieldErrors,
        focus: first ? focus(state, { to: "item", key: first.key }) : state.focus,
      };
    }
    case "skip_started":
      return { ...state, phase: "sending", pending: "skip", error: null };
    case "stop_started":
      return { ...state, phase: "sending", pending: "stop", error: null };
    case "stop_failed":
      return { ...state, phase: "working", error: event.message };
    case "stopped":
      return { ...state, phase: "leaving", stopped: event.result, work: null, notice: null, error: null };
    case "went_offline":
      return { ...state, phase: "offline", pending: event.pending, retrying: false, error: event.message ?? null, focus: focus(state, { to: "retry" }) };
    case "retried":
      return { ...state, error: null };
    case "left":
      return { ...state, phase: "leaving" };
    case "screener_asked":
      return {
        ...state,
        phase: "working",
        screener: event.screener,
        work: null,
        error: null,
        fieldErrors: {},
        // asked again after a reload keeps focus where the participant is
        focus: state.screener ? state.focus : focus(state, { to: "screener" }),
      };
    case "screener_sending":
      return { ...state, phase: "sending", pending: "screener", error: null, fieldErrors: {} };
    case "screener_refused": {
      const first = Object.keys(event.fieldErrors)[0];
      return { ...state, phase: "working", error: event.message, fieldErrors: event.fieldErrors, focus: first ? focus(state, { to: "item", key: first }) : state.focus };
    }
    case "screener_answered": {
      if (!(event.key in state.fieldErrors)) return state;
      const { [event.key]: _fixed, ...fieldErrors } = state.fieldErrors;
      return { ...state, fieldErrors };
    }
    case "ended":
      return { ...state, phase: "leaving", ended: event.result, screener: null, work: null, notice: null, error: null };
  }
}
