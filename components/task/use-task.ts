"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { ActiveClock } from "@/components/task/active-clock";
import { answerErrors, sectionsOf, unanswered } from "@/components/task/answers";
import {
  browserStorage,
  clearDraft,
  draftsOf,
  fitAnswers,
  loadDraft,
  newDraft,
  randomKey,
  saveDraft,
  type Draft,
  type DraftStorage,
} from "@/components/task/draft";
import { destinationFor, pathOf, submitOutcome, type Destination } from "@/components/task/outcomes";
import { isRetryable, reasonOf, withRetry } from "@/components/task/retry";
import type { Check } from "@/lib/designs";
import { api } from "@/lib/http/client";
import type { NextResult, ParticipantUnit, Progress } from "@/lib/participants/task";

// The task page's state machine: load (sending any answers a refresh interrupted first), work
// on a unit with its draft kept in localStorage, submit with retries under one idempotency key,
// skip, and leave for the done/consent/unavailable pages when the server says so.

export type Phase = "loading" | "working" | "sending" | "offline" | "leaving";
/** the request under way, or the one to retry when offline */
type Pending = "load" | "submit" | "skip";

export interface Work {
  unit: ParticipantUnit;
  progress: Progress;
  /** checks in the order they are shown (context checks, then per question) */
  checks: Check[];
  draft: Draft;
}

const EXPIRED = "Your time for that unit ran out, so it was given to someone else. Thank you. Here is the next one.";

function sendDraft(code: string, d: Draft) {
  const comment = d.comment.trim();
  return api<{ duplicate: boolean }>(`/api/s/${encodeURIComponent(code)}/submit`, {
    method: "POST",
    json: {
      assignmentId: d.assignmentId,
      idempotencyKey: d.idempotencyKey,
      payload: { answers: d.answers, ...(comment ? { comment } : {}) },
      startedAt: d.startedAt,
      durationMs: d.pending?.durationMs ?? d.activeMs,
    },
  });
}

export function useTask(code: string) {
  const router = useRouter();
  const storage = useRef<DraftStorage | null>(null);
  const clock = useRef(new ActiveClock(0));
  const workRef = useRef<Work | null>(null);
  // one request chain at a time (a double Enter must not send twice)
  const busy = useRef(false);
  const [phase, setPhase] = useState<Phase>("loading");
  const [work, setWorkState] = useState<Work | null>(null);
  const [pending, setPending] = useState<Pending>("load");
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [retrying, setRetrying] = useState(false);
  const [storageOk, setStorageOk] = useState(true);
  const [missing, setMissing] = useState<string[]>([]);

  const setWork = useCallback((w: Work | null) => {
    workRef.current = w;
    setWorkState(w);
  }, []);

  const persist = useCallback(
    (draft: Draft) => {
      const w = workRef.current;
      const saved = { ...draft, activeMs: draft.pending ? draft.activeMs : clock.current.elapsed() };
      setStorageOk(saveDraft(storage.current, saved));
      if (w && w.draft.assignmentId === saved.assignmentId) setWork({ ...w, draft: saved });
    },
    [setWork],
  );

  const leave = useCallback(
    (d: Destination) => {
      setPhase("leaving");
      if (d.to === "link") window.location.assign(pathOf(code, d));
      else router.replace(pathOf(code, d));
    },
    [code, router],
  );

  const stuck = useCallback((what: Pending) => {
    setPending(what);
    setPhase("offline");
  }, []);

  const retryOpts = { onRetry: () => setRetrying(true) };

  // Every state change here comes after an await, so the first load can run from an effect.
  const fetchUnit = useCallback(async () => {
    // Answers a refresh or lost connection left unacknowledged go first, with their own key.
    const errorsFor: Record<string, Record<string, string>> = {};
    for (const d of draftsOf(storage.current, code).filter((x) => x.pending)) {
      const outcome = submitOutcome(await withRetry(() => sendDraft(code, d), retryOpts));
      setRetrying(false);
      if (outcome.kind === "offline") return stuck("load");
      if (outcome.kind === "leave") return leave(outcome.destination);
      if (outcome.kind === "invalid" || outcome.kind === "failed") {
        saveDraft(storage.current, { ...d, pending: null });
        if (outcome.kind === "invalid") errorsFor[d.assignmentId] = Object.fromEntries(outcome.params.map((p) => [p.name, p.reason]));
        continue;
      }
      clearDraft(storage.current, code, d.assignmentId);
      if (outcome.kind === "expired") setNotice(EXPIRED);
    }

    const res = await withRetry(() => api<NextResult>(`/api/s/${encodeURIComponent(code)}/next`, { cache: "no-store" }), retryOpts);
    setRetrying(false);
    if (!res.ok) {
      const destination = destinationFor({ ...res.problem, reason: reasonOf(res.problem) });
      if (destination) return leave(destination);
      if (isRetryable(res.problem)) return stuck("load");
      setError(res.problem.detail);
      return stuck("load");
    }
    if (res.data.status === "done") {
      return leave(res.data.progress.done > 0 ? { to: "done" } : { to: "unavailable", reason: "none_left" });
    }
    if (res.data.status !== "unit") return leave({ to: "unavailable", reason: res.data.status });
    const { unit, progress } = res.data;
    const checks = sectionsOf(unit.checks).flatMap((s) => s.checks);
    const stored = loadDraft(storage.current, code, unit.assignmentId);
    const draft: Draft = stored
      ? { ...stored, answers: fitAnswers(stored.answers, checks), comment: unit.commentAllowed ? stored.comment : "" }
      : newDraft(code, unit.assignmentId, new Date(), randomKey());
    // The server keeps one live lease per participant: drafts of other units belong to leases
    // that expired or were returned, and can no longer be sent.
    for (const d of draftsOf(storage.current, code)) {
      if (d.assignmentId !== unit.assignmentId && !d.pending) clearDraft(storage.current, code, d.assignmentId);
    }
    clock.current = new ActiveClock(draft.activeMs);
    if (document.visibilityState === "visible") clock.current.start();
    setStorageOk(saveDraft(storage.current, draft));
    setFieldErrors(answerErrors(
      Object.entries(errorsFor[unit.assignmentId] ?? {}).map(([name, reason]) => ({ name, reason })),
      checks,
    ));
    setMissing([]);
    setWork({ unit, progress, checks, draft });
    setPhase("working");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, leave, setWork, stuck]);

  const load = useCallback(async () => {
    setPhase("loading");
    setError(null);
    await fetchUnit();
  }, [fetchUnit]);

  /** Resolves with the check the participant should look at next (unanswered or refused), if any. */
  const submit = useCallback(async (): Promise<{ focus: string | null }> => {
    const w = workRef.current;
    if (!w || busy.current || (phase !== "working" && phase !== "offline")) return { focus: null };
    const left = unanswered(w.checks, w.draft.answers).map((c) => c.key);
    if (left.length) {
      setMissing(left);
      return { focus: left[0]! };
    }
    setMissing([]);
    setError(null);
    setFieldErrors({});
    clock.current.stop();
    // Fixed once Submit is pressed: every retry, even after a refresh, sends exactly this.
    const draft: Draft = w.draft.pending ? w.draft : { ...w.draft, activeMs: clock.current.elapsed(), pending: { durationMs: clock.current.elapsed() } };
    persist(draft);
    setPhase("sending");
    setPending("submit");
    busy.current = true;
    const outcome = submitOutcome(await withRetry(() => sendDraft(code, draft), retryOpts));
    busy.current = false;
    setRetrying(false);
    switch (outcome.kind) {
      case "saved":
        clearDraft(storage.current, code, draft.assignmentId);
        setNotice("Your answers were saved.");
        await load();
        break;
      case "expired":
        clearDraft(storage.current, code, draft.assignmentId);
        setNotice(EXPIRED);
        await load();
        break;
      case "conflict":
        clearDraft(storage.current, code, draft.assignmentId);
        setNotice(`${outcome.message} Loading the next unit.`);
        await load();
        break;
      case "offline":
        stuck("submit");
        break;
      case "leave":
        leave(outcome.destination);
        break;
      case "invalid":
      case "failed": {
        persist({ ...draft, pending: null });
        clock.current.start();
        const errors = outcome.kind === "invalid" ? answerErrors(outcome.params, w.checks) : {};
        setFieldErrors(errors);
        setError(outcome.message);
        setPhase("working");
        return { focus: w.checks.find((c) => c.key in errors)?.key ?? null };
      }
    }
    return { focus: null };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, load, leave, persist, phase, stuck]);

  const skip = useCallback(async () => {
    const w = workRef.current;
    if (!w || busy.current) return;
    setPhase("sending");
    setPending("skip");
    setError(null);
    busy.current = true;
    const res = await withRetry(
      () => api(`/api/s/${encodeURIComponent(code)}/return`, { method: "POST", json: { assignmentId: w.unit.assignmentId } }),
      retryOpts,
    );
    busy.current = false;
    setRetrying(false);
    if (!res.ok) {
      const destination = destinationFor({ ...res.problem, reason: reasonOf(res.problem) });
      if (destination) return leave(destination);
      if (isRetryable(res.problem)) return stuck("skip");
      // 409: the unit is no longer leased to this participant, which is what skipping wanted
    }
    clearDraft(storage.current, code, w.unit.assignmentId);
    setNotice("You skipped that unit.");
    await load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, leave, load, stuck]);

  const retry = useCallback(() => {
    setError(null);
    if (pending === "submit") void submit();
    else if (pending === "skip") void skip();
    else void load();
  }, [pending, submit, skip, load]);

  const answer = useCallback(
    (key: string, value: string) => {
      const w = workRef.current;
      if (!w || w.draft.pending) return;
      persist({ ...w.draft, answers: { ...w.draft.answers, [key]: value } });
      setFieldErrors((e) => {
        if (!(key in e)) return e;
        const { [key]: _drop, ...rest } = e;
        return rest;
      });
    },
    [persist],
  );

  const comment = useCallback(
    (text: string) => {
      const w = workRef.current;
      if (!w || w.draft.pending) return;
      persist({ ...w.draft, comment: text });
    },
    [persist],
  );

  // Start: find storage, then load the current unit (the same one after a refresh).
  useEffect(() => {
    storage.current = browserStorage();
    void fetchUnit();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Active time: count only while the page is visible; keep the count in the draft.
  useEffect(() => {
    const save = () => {
      const w = workRef.current;
      if (w && !w.draft.pending) saveDraft(storage.current, { ...w.draft, activeMs: clock.current.elapsed() });
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        if (workRef.current && !workRef.current.draft.pending) clock.current.start();
      } else {
        clock.current.stop();
        save();
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", save);
    const timer = window.setInterval(save, 10_000);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", save);
      window.clearInterval(timer);
    };
  }, []);

  return { phase, work, notice, error, fieldErrors, retrying, storageOk, missing, pending, answer, comment, submit, skip, retry, setNotice };
}
