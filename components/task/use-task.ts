"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { ActiveClock } from "@/components/task/active-clock";
import type { Answer } from "@/components/task/answer-kinds";
import { browserStorage, clearDraft, draftsOf, loadDraft, newDraft, randomKey, saveDraft, type Draft, type DraftStorage } from "@/components/task/draft";
import { fitGiven, incomplete, itemErrors, itemsOf, type Item } from "@/components/task/items";
import { destinationFor, pathOf, submitOutcome, type Destination } from "@/components/task/outcomes";
import { payloadOf } from "@/components/task/payload";
import { previousGiven } from "@/components/task/previous";
import { problemKey } from "@/components/task/problem-keys";
import { isRetryable, reasonOf, withRetry } from "@/components/task/retry";
import { screenerFieldErrors } from "@/components/task/screener";
import { AwayTracker, QuestionClocks } from "@/components/task/signals";
import { initialTaskState, taskReducer, type Pending, type StopResult, type TaskEvent, type TaskState } from "@/components/task/task-state";
import { api } from "@/lib/http/client";
import type { ScreenerAnswer } from "@/lib/participants/screener";
import type { NextResult, ParticipantUnit, Progress } from "@/lib/participants/task";

// The task page's side of the reducer: requests (load, sending answers a refresh interrupted
// first, submit with retries under one idempotency key, skip, stop), the draft in
// localStorage, clocks and quality signals. Every outcome becomes a named event.

export type { Phase, Work } from "@/components/task/task-state";

// notices and errors are catalog keys, worded by the components (components/task/translate.ts)
const SCREENER_LOCKED = "task.notices.screenerLocked";
const EXPIRED = "task.notices.expired";

function sendDraft(code: string, d: Draft) {
  // drafts from before payloads were frozen hold check answers only
  const payload = d.pending?.payload ?? { answers: d.answers, ...(d.comment.trim() ? { comment: d.comment.trim() } : {}) };
  return api<{ duplicate: boolean }>(`/api/s/${encodeURIComponent(code)}/submit`, {
    method: "POST",
    json: {
      assignmentId: d.assignmentId,
      idempotencyKey: d.idempotencyKey,
      stage: d.stage,
      payload,
      startedAt: d.startedAt,
      durationMs: d.pending?.durationMs ?? d.activeMs,
      signals: d.signals,
    },
  });
}

/** The draft a unit starts from: the stored one, else (stage 2) the stage-1 answers, else empty. */
function draftFor(storage: DraftStorage | null, code: string, unit: ParticipantUnit, items: Item[]): Draft {
  const stored = loadDraft(storage, code, unit.assignmentId, unit.stage);
  if (stored) return { ...stored, ...fitGiven(items, stored, unit.commentAllowed) };
  const fresh = newDraft(code, unit.assignmentId, new Date(), randomKey(), unit.stage);
  return unit.stage > 1 && unit.previous !== undefined ? { ...fresh, ...fitGiven(items, previousGiven(unit.previous, items), unit.commentAllowed) } : fresh;
}

/** useReducer whose current state can also be read synchronously between renders. */
function useTaskReducer(): [TaskState, (e: TaskEvent) => void, { current: TaskState }] {
  const [state, dispatch] = useReducer(taskReducer, initialTaskState);
  const ref = useRef(state);
  const send = useCallback((e: TaskEvent) => {
    ref.current = taskReducer(ref.current, e);
    dispatch(e);
  }, []);
  return [state, send, ref];
}

export function useTask(code: string) {
  const router = useRouter();
  const [state, send, ref] = useTaskReducer();
  const storage = useRef<DraftStorage | null>(null);
  const clock = useRef(new ActiveClock(0));
  const questionClocks = useRef(new QuestionClocks());
  const away = useRef(new AwayTracker());
  // one request chain at a time (a double Enter must not send twice)
  const busy = useRef(false);
  // the screener answers last sent, for Retry after a lost connection
  const screenerSent = useRef<ScreenerAnswer | null>(null);
  const base = `/api/s/${encodeURIComponent(code)}`;
  const retryOpts = useMemo(() => ({ onRetry: () => send({ type: "connection_slow" }) }), [send]);

  const save = useCallback(
    (draft: Draft) => send({ type: "storage", ok: saveDraft(storage.current, draft) }),
    [send],
  );

  /** The draft as it stands, with the clocks read now, kept in storage. */
  const persist = useCallback(() => {
    const w = ref.current.work;
    if (!w || w.draft.pending) return;
    send({ type: "measured", draft: { activeMs: clock.current.elapsed(), times: questionClocks.current.times(), signals: w.draft.signals } });
    save(ref.current.work!.draft);
  }, [ref, save, send]);

  const leave = useCallback(
    (d: Destination) => {
      send({ type: "left" });
      if (d.to === "link") window.location.assign(pathOf(code, d));
      else router.replace(pathOf(code, d));
    },
    [code, router, send],
  );

  const show = useCallback(
    (unit: ParticipantUnit, progress: Progress, errors: Record<string, string>) => {
      const items = itemsOf(unit);
      const draft = draftFor(storage.current, code, unit, items);
      // The server keeps one live lease per participant: drafts of other units (and of this
      // unit's earlier stage, now stored) can no longer be sent.
      for (const d of draftsOf(storage.current, code)) {
        if (!d.pending && (d.assignmentId !== unit.assignmentId || d.stage !== unit.stage)) clearDraft(storage.current, code, d.assignmentId, d.stage);
      }
      clock.current = new ActiveClock(draft.activeMs);
      questionClocks.current = new QuestionClocks(draft.times);
      if (document.visibilityState === "visible") clock.current.start();
      else questionClocks.current.setVisible(false);
      save(draft);
      const before = ref.current.work?.unit;
      if (before && before.assignmentId === unit.assignmentId && unit.stage > before.stage) {
        send({ type: "stage_revealed", unit, progress, items, draft });
      } else {
        send({ type: "loaded", unit, progress, items, draft, fieldErrors: itemErrors(Object.entries(errors).map(([name, reason]) => ({ name, reason })), items) });
      }
    },
    [code, ref, save, send],
  );

  const fetchUnit = useCallback(async () => {
    // Answers a refresh or lost connection left unacknowledged go first, with their own key.
    const errorsFor: Record<string, Record<string, string>> = {};
    for (const d of draftsOf(storage.current, code).filter((x) => x.pending)) {
      const outcome = submitOutcome(await withRetry(() => sendDraft(code, d), retryOpts));
      send({ type: "connection_answered" });
      if (outcome.kind === "offline") return send({ type: "went_offline", pending: "load" });
      if (outcome.kind === "leave") return leave(outcome.destination);
      if (outcome.kind === "invalid" || outcome.kind === "failed") {
        saveDraft(storage.current, { ...d, pending: null });
        if (outcome.kind === "invalid") errorsFor[`${d.assignmentId}:${d.stage}`] = Object.fromEntries(outcome.params.map((p) => [p.name, p.reason]));
        continue;
      }
      clearDraft(storage.current, code, d.assignmentId, d.stage);
      if (outcome.kind === "expired") send({ type: "notice", text: EXPIRED });
    }

    const res = await withRetry(() => api<NextResult>(`${base}/next`, { cache: "no-store" }), retryOpts);
    send({ type: "connection_answered" });
    if (!res.ok) {
      const destination = destinationFor({ ...res.problem, reason: reasonOf(res.problem) });
      if (destination) return leave(destination);
      return send({ type: "went_offline", pending: "load", message: isRetryable(res.problem) ? null : problemKey({ ...res.problem, reason: reasonOf(res.problem) }) });
    }
    if (res.data.status === "done") {
      // one who stopped sees, on the done page, their code or what to do on the platform
      return leave(res.data.progress.done > 0 || res.data.reason === "stopped" ? { to: "done" } : { to: "unavailable", reason: "none_left" });
    }
    if (res.data.status === "screener") return send({ type: "screener_asked", screener: res.data.screener });
    if (res.data.status !== "unit") return send({ type: "ended", result: res.data });
    const { unit, progress } = res.data;
    show(unit, progress, errorsFor[`${unit.assignmentId}:${unit.stage}`] ?? {});
  }, [base, code, leave, retryOpts, send, show]);

  const load = useCallback(async () => {
    send({ type: "load_started" });
    await fetchUnit();
  }, [fetchUnit, send]);

  const submit = useCallback(async () => {
    const { work: w, phase } = ref.current;
    if (!w || busy.current || (phase !== "working" && phase !== "offline")) return;
    let draft = w.draft;
    if (!draft.pending) {
      const left = incomplete(w.items, draft);
      if (left.length) return send({ type: "incomplete", keys: left.map((i) => i.key) });
      clock.current.stop();
      questionClocks.current.stop();
      const times = questionClocks.current.times();
      const activeMs = clock.current.elapsed();
      // Fixed once Submit is pressed: every retry, even after a refresh, sends exactly this.
      const payload = payloadOf(w.items, draft, { rating: Boolean(w.unit.rating), commentAllowed: w.unit.commentAllowed, times, activeMs });
      draft = { ...draft, activeMs, times, pending: { durationMs: activeMs, payload } };
    }
    save(draft);
    send({ type: "submit_started", draft });
    busy.current = true;
    const outcome = submitOutcome(await withRetry(() => sendDraft(code, draft), retryOpts));
    busy.current = false;
    send({ type: "connection_answered" });
    switch (outcome.kind) {
      case "saved":
      case "expired":
      case "conflict":
      case "stage_locked":
      case "answered_elsewhere":
      case "returned": {
        clearDraft(storage.current, code, draft.assignmentId, draft.stage);
        const text = {
          saved: "task.notices.saved",
          expired: EXPIRED,
          conflict: "task.notices.conflict",
          stage_locked: "task.notices.stageLocked",
          answered_elsewhere: "task.notices.answeredElsewhere",
          returned: "task.notices.returned",
        }[outcome.kind];
        send({ type: "notice", text });
        return load();
      }
      case "offline":
        return send({ type: "went_offline", pending: "submit" });
      case "leave":
        return leave(outcome.destination);
      case "invalid":
      case "failed": {
        const reopened = { ...draft, pending: null };
        save(reopened);
        clock.current.start();
        const fieldErrors = outcome.kind === "invalid" ? itemErrors(outcome.params, w.items) : {};
        return send({ type: "submit_refused", message: outcome.message, fieldErrors, draft: reopened });
      }
    }
  }, [code, leave, load, ref, retryOpts, save, send]);

  /** Sends the screener's answers; then the first unit, or the study's outcome, comes as usual. */
  const answerScreener = useCallback(
    async (answer: ScreenerAnswer) => {
      if (busy.current) return;
      screenerSent.current = answer;
      send({ type: "screener_sending" });
      busy.current = true;
      const res = await withRetry(() => api<{ status: "active" | "screened_out" }>(`${base}/screener`, { method: "POST", json: answer }), retryOpts);
      busy.current = false;
      send({ type: "connection_answered" });
      if (!res.ok) {
        const p = res.problem;
        const destination = destinationFor({ ...p, reason: reasonOf(p) });
        if (destination) return leave(destination);
        if (isRetryable(p)) return send({ type: "went_offline", pending: "screener" });
        if (p.status === 422) return send({ type: "screener_refused", message: problemKey(p), fieldErrors: screenerFieldErrors(p.invalid_params ?? []) });
        if (p.status !== 409) return send({ type: "screener_refused", message: problemKey({ ...p, reason: reasonOf(p) }), fieldErrors: {} });
        // 409: the answers are fixed (a unit was leased in another tab) or no longer asked: go on
        if (reasonOf(p) === "screener_locked") send({ type: "notice", text: SCREENER_LOCKED });
      }
      await load();
    },
    [base, leave, load, retryOpts, send],
  );

  const skip = useCallback(async () => {
    const w = ref.current.work;
    if (!w || busy.current) return;
    send({ type: "skip_started" });
    busy.current = true;
    const res = await withRetry(() => api(`${base}/return`, { method: "POST", json: { assignmentId: w.unit.assignmentId } }), retryOpts);
    busy.current = false;
    send({ type: "connection_answered" });
    if (!res.ok) {
      const destination = destinationFor({ ...res.problem, reason: reasonOf(res.problem) });
      if (destination) return leave(destination);
      if (isRetryable(res.problem)) return send({ type: "went_offline", pending: "skip" });
      // 409: the unit is no longer leased to this participant, which is what skipping wanted
    }
    clearDraft(storage.current, code, w.unit.assignmentId, w.unit.stage);
    send({ type: "notice", text: "task.notices.skipped" });
    await load();
  }, [base, code, leave, load, ref, retryOpts, send]);

  /** Ends the session: the server releases the leases and says whether the participant completed. */
  const stop = useCallback(async () => {
    if (busy.current) return;
    send({ type: "stop_started" });
    busy.current = true;
    const res = await withRetry(() => api<StopResult>(`${base}/stop`, { method: "POST", json: {} }), retryOpts);
    busy.current = false;
    send({ type: "connection_answered" });
    if (!res.ok) {
      const destination = destinationFor({ ...res.problem, reason: reasonOf(res.problem) });
      if (destination) return leave(destination);
      if (isRetryable(res.problem)) return send({ type: "went_offline", pending: "stop" });
      return send({ type: "stop_failed", message: problemKey({ ...res.problem, reason: reasonOf(res.problem) }) });
    }
    // the leases are gone, so unsent work can no longer be submitted; answers already being
    // sent stay, and go first if the participant comes back
    for (const d of draftsOf(storage.current, code)) if (!d.pending) clearDraft(storage.current, code, d.assignmentId, d.stage);
    send({ type: "stopped", result: res.data });
  }, [base, code, leave, retryOpts, send]);

  const retry = useCallback(() => {
    send({ type: "retried" });
    const pending: Pending = ref.current.pending;
    if (pending === "submit") void submit();
    else if (pending === "skip") void skip();
    else if (pending === "stop") void stop();
    else if (pending === "screener" && screenerSent.current) void answerScreener(screenerSent.current);
    else void load();
  }, [answerScreener, load, ref, send, skip, stop, submit]);

  // Back online after the automatic retries gave up: try again at once, as Retry would, so a
  // participant whose connection came back is not left waiting on a button they may not see.
  const offline = state.phase === "offline";
  useEffect(() => {
    if (!offline) return;
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [offline, retry]);

  const answer = useCallback(
    (key: string, value: Answer) => {
      send({ type: "answered", key, value });
      persist();
    },
    [persist, send],
  );

  const comment = useCallback(
    (key: string | null, text: string) => {
      send({ type: "commented", key, text });
      persist();
    },
    [persist, send],
  );

  const pasted = useCallback(() => {
    send({ type: "pasted" });
    persist();
  }, [persist, send]);

  /** focus entered a question's widget (its key), or left every question (null) */
  const focusItem = useCallback((key: string | null) => questionClocks.current.focus(key), []);

  // Start: find storage, then load the current unit (the same one after a refresh).
  useEffect(() => {
    storage.current = browserStorage();
    void fetchUnit();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Active time counts only while the page is visible; leaving the page (another tab, another
  // window) is a focus loss, counted once per absence.
  useEffect(() => {
    const gone = () => {
      if (!ref.current.work || ref.current.work.draft.pending) return;
      questionClocks.current.setVisible(false);
      if (away.current.left()) send({ type: "focus_lost" });
      persist();
    };
    const back = () => {
      away.current.returned();
      if (!ref.current.work || ref.current.work.draft.pending) return;
      if (document.visibilityState === "visible") {
        clock.current.start();
        questionClocks.current.setVisible(true);
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") return back();
      clock.current.stop();
      gone();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("blur", gone);
    window.addEventListener("focus", back);
    window.addEventListener("pagehide", persist);
    const timer = window.setInterval(persist, 10_000);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("blur", gone);
      window.removeEventListener("focus", back);
      window.removeEventListener("pagehide", persist);
      window.clearInterval(timer);
    };
  }, [persist, ref, send]);

  return {
    ...state,
    answer,
    comment,
    pasted,
    focusItem,
    submit,
    skip,
    stop,
    retry,
    answerScreener,
    screenerIncomplete: (message: string, fieldErrors: Record<string, string>) => send({ type: "screener_refused", message, fieldErrors }),
    screenerAnswered: (key: string) => send({ type: "screener_answered", key }),
    setNotice: (text: string | null) => send({ type: "notice", text }),
  };
}
