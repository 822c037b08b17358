"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { nextUnanswered, optionForKey, targetCheck } from "@/components/task/answers";
import { TaskProgress } from "@/components/task/progress";
import { UnitForm } from "@/components/task/unit-form";
import { useTask } from "@/components/task/use-task";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";

export interface TaskRunnerProps {
  /** the study's public code (from the URL) */
  code: string;
  studyName: string;
  /** the study's instructions, already rendered; shown folded above the task */
  instructions?: ReactNode;
}

const OFFLINE_SUBMIT = "We could not reach the server; your answers are saved on this device. Try again.";
const OFFLINE_LOAD = "We could not reach the server. Check your connection and try again.";

// Keys typed into these are text, not shortcuts; Enter on these activates them natively.
const TYPING = "textarea, select, input:not([type=radio]), [contenteditable=true], dialog";
const ACTIVATES = "button, a, summary, [role=tab]";

// The participant's task: one unit at a time until the server says there is no more.
export function TaskRunner({ code, studyName, instructions }: TaskRunnerProps) {
  const t = useTask(code);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const shownUnit = useRef<string | null>(null);
  // focused after the next render, once the refused or unanswered check is enabled again
  const [focusTarget, setFocusTarget] = useState<{ key: string } | null>(null);
  const { phase, work } = t;
  const locked = phase !== "working";

  function focusCheck(key: string) {
    const fieldset = formRef.current?.querySelector<HTMLFieldSetElement>(`[data-check="${CSS.escape(key)}"]`);
    const radio = fieldset?.querySelector<HTMLInputElement>("input:checked") ?? fieldset?.querySelector<HTMLInputElement>("input[type=radio]");
    radio?.focus();
    fieldset?.scrollIntoView({ block: "nearest" });
  }

  async function trySubmit() {
    const { focus } = await t.submit();
    if (focus) setFocusTarget({ key: focus });
  }

  useEffect(() => {
    if (focusTarget && phase === "working") focusCheck(focusTarget.key);
  }, [focusTarget, phase]);

  // Stuck offline: the one thing to do is retry, so put the participant on that button.
  useEffect(() => {
    if (phase === "offline") retryRef.current?.focus();
  }, [phase]);

  // A new unit (not the first one shown): move focus to its heading, so keyboard and screen
  // reader users start reading from the top.
  useEffect(() => {
    if (phase !== "working" || !work) return;
    const id = work.unit.assignmentId;
    if (shownUnit.current && shownUnit.current !== id) headingRef.current?.focus();
    shownUnit.current = id;
  }, [phase, work]);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (phase !== "working" || !work || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(TYPING)) return;
      if (e.key === "Enter") {
        if (target?.closest(ACTIVATES)) return;
        e.preventDefault();
        void trySubmit();
        return;
      }
      const focused = document.activeElement?.closest<HTMLElement>("[data-check]")?.dataset.check ?? null;
      const check = targetCheck(work.checks, work.draft.answers, focused);
      const value = check ? optionForKey(check, e.key) : null;
      if (!check || !value) return;
      e.preventDefault();
      t.answer(check.key, value);
      const next = nextUnanswered(work.checks, { ...work.draft.answers, [check.key]: value }, check.key);
      requestAnimationFrame(() => (next ? focusCheck(next.key) : submitRef.current?.focus()));
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  });

  const status =
    phase === "loading"
      ? t.retrying
        ? "The connection is slow; still trying…"
        : "Loading your next unit…"
      : phase === "sending"
        ? t.retrying
          ? "Saving your answers… the connection is slow, still trying."
          : "Saving your answers…"
        : phase === "leaving"
          ? "One moment…"
          : t.notice;

  const offline = phase === "offline" && (
    <div role="alert" className="space-y-3 rounded-card border border-danger bg-danger-soft px-4 py-4 text-danger">
      <p className="text-base font-medium">{t.pending === "submit" ? OFFLINE_SUBMIT : (t.error ?? OFFLINE_LOAD)}</p>
      <button ref={retryRef} type="button" onClick={t.retry} className={buttonClass("primary")}>
        Retry
      </button>
    </div>
  );
  const showForm = work && (phase === "working" || phase === "sending" || (phase === "offline" && t.pending !== "load"));

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-semibold sm:text-3xl">{studyName}</h1>
        {work && <TaskProgress progress={work.progress} />}
      </div>

      {instructions && (
        <details className="group rounded-card border border-line bg-surface">
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 py-2 font-medium">
            <span aria-hidden="true" className="text-sm text-muted transition-transform group-open:rotate-90">
              ▶
            </span>
            Instructions
          </summary>
          <div className="border-t border-line px-4 py-3">{instructions}</div>
        </details>
      )}

      <div role="status" aria-live="polite" className={status ? "rounded-control border border-line bg-surface px-4 py-3 text-base" : ""}>
        {status}
      </div>

      {!t.storageOk && (
        <Alert tone="warning">This browser is not letting us keep a draft, so your answers are kept only while this page stays open.</Alert>
      )}

      {phase === "offline" && !showForm && offline}

      {showForm && (
        <UnitForm
          work={work}
          locked={locked}
          missing={t.missing}
          fieldErrors={t.fieldErrors}
          error={phase === "offline" ? null : t.error}
          sending={phase === "sending" && t.pending !== "skip"}
          notice={offline || undefined}
          headingRef={headingRef}
          formRef={formRef}
          submitRef={submitRef}
          onAnswer={(k, v) => {
            t.setNotice(null);
            t.answer(k, v);
          }}
          onComment={t.comment}
          onSubmit={() => void trySubmit()}
          onSkip={() => void t.skip()}
        />
      )}
    </div>
  );
}
