"use client";

import { useTranslations } from "next-intl";
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { keyAnswer, nextUnansweredItem, targetItem } from "@/components/task/items";
import { LeaseWarning, type Renewed } from "@/components/task/lease-warning";
import { OutcomePanel } from "@/components/task/outcome-panel";
import { TaskProgress } from "@/components/task/progress";
import { MESSAGE_VALUES } from "@/components/task/translate";
import type { Platform } from "@/components/task/return-guidance";
import { ScreenerForm } from "@/components/task/screener-form";
import { TaskDialog } from "@/components/task/task-dialog";
import { StoppedPanel } from "@/components/task/stopped-panel";
import { UnitForm } from "@/components/task/unit-form";
import { useTask } from "@/components/task/use-task";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/http/client";

export interface TaskRunnerProps {
  /** the study's public code (from the URL) */
  code: string;
  studyName: string;
  /** the study's instructions, already rendered; shown folded above the task */
  instructions?: ReactNode;
  /** where the participant came from: what "Stop here" tells them to do there */
  platform?: Platform;
}

/** "Keep working": more time on the held unit (POST /renew). */
async function renewLease(code: string, assignmentId: string): Promise<Renewed | { error: string }> {
  const res = await api<Renewed>(`/api/s/${encodeURIComponent(code)}/renew`, { method: "POST", json: { assignmentId } });
  return res.ok ? res.data : { error: res.problem.code };
}

// Keys typed into these are text, not shortcuts; Enter on these activates them natively.
const TYPING = "textarea, select, input:not([type=radio]), [contenteditable=true], dialog";
const ACTIVATES = "button, a, summary, [role=tab]";

/** Puts focus on an item's control: the field in error, else its chosen option, else its first control. */
function focusItem(form: HTMLFormElement | null, key: string) {
  const box = form?.querySelector<HTMLElement>(`[data-item="${CSS.escape(key)}"]`);
  const control =
    box?.querySelector<HTMLElement>("input[aria-invalid=true]:not(:disabled), textarea[aria-invalid=true]:not(:disabled)") ??
    box?.querySelector<HTMLElement>("input:checked, button[aria-pressed=true]") ??
    box?.querySelector<HTMLElement>("input:not(:disabled), textarea:not(:disabled), button:not(:disabled)");
  control?.focus();
  box?.scrollIntoView({ block: "nearest" });
}

// The participant's task: one unit at a time until the server says there is no more.
export function TaskRunner({ code, studyName, instructions, platform = null }: TaskRunnerProps) {
  const t = useTask(code);
  // messages of the reducer are catalog keys from the root (components/task/translate.ts)
  const tr = useTranslations();
  const tt = useTranslations("task");
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const screenerHeadingRef = useRef<HTMLHeadingElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const stopDialogRef = useRef<HTMLDialogElement>(null);
  const { phase, work } = t;
  const locked = phase !== "working";

  // Focus requests from the reducer, carried out once the page shows what they point at.
  useEffect(() => {
    const f = t.focus;
    if (!f) return;
    if (f.to === "retry") retryRef.current?.focus();
    else if (f.to === "screener") screenerHeadingRef.current?.focus();
    else if (f.to === "heading" || f.to === "context") {
      headingRef.current?.focus({ preventScroll: true });
      headingRef.current?.scrollIntoView({ block: "start" });
    } else if (f.to === "item" && phase === "working") focusItem(formRef.current, f.key);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t.focus, phase === "working" || phase === "offline"]);

  // A layout effect, so the listener that sees this render's unit is in place before the unit is painted:
  // a passive one lags behind, and a key pressed as soon as the next unit shows went to the old one.
  useLayoutEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (phase !== "working" || !work || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(TYPING)) return;
      if (e.key === "Enter") {
        if (target?.closest(ACTIVATES)) return;
        e.preventDefault();
        void t.submit();
        return;
      }
      const focused = document.activeElement?.closest<HTMLElement>("[data-item]")?.dataset.item ?? null;
      const item = targetItem(work.items, work.draft.answers, focused);
      const value = item ? keyAnswer(item, e.key) : null;
      if (!item || value === null) return;
      e.preventDefault();
      t.answer(item.key, value);
      const next = nextUnansweredItem(work.items, { ...work.draft.answers, [item.key]: value }, item.key);
      // Move now, not on the next frame: a key pressed before that frame would land on the item just answered.
      if (next) focusItem(formRef.current, next.key);
      else submitRef.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  });

  if (t.stopped) {
    return <StoppedPanel result={t.stopped} platform={platform} done={work?.progress.done ?? 0} />;
  }
  if (t.ended) return <OutcomePanel result={t.ended} />;

  const status =
    phase === "loading"
      ? t.retrying
        ? tt("loadingSlow")
        : tt("loading")
      : phase === "sending"
        ? t.pending === "stop"
          ? tt("stopping")
          : t.retrying
            ? tt("savingSlow")
            : tt("saving")
        : phase === "leaving"
          ? tr("common.oneMoment")
          : t.notice && tr(t.notice);

  const offline = phase === "offline" && (
    <div role="alert" className="space-y-3 rounded-card border border-danger bg-danger-soft px-4 py-4 text-danger">
      <p className="text-base font-medium">{t.pending === "submit" ? tt("offlineSubmit") : t.error ? tr(t.error, MESSAGE_VALUES) : tt("offlineLoad")}</p>
      <button ref={retryRef} type="button" onClick={t.retry} className={buttonClass("primary")}>
        {tt("retry")}
      </button>
    </div>
  );
  const showForm = work && (phase === "working" || phase === "sending" || (phase === "offline" && t.pending !== "load"));
  const screener = t.screener && (phase === "working" || phase === "sending" || (phase === "offline" && t.pending === "screener")) ? t.screener : null;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-semibold sm:text-3xl">{studyName}</h1>
        <div className="flex flex-wrap items-end gap-4">
          {work && <TaskProgress progress={work.progress} />}
          <button ref={stopRef} type="button" disabled={phase === "sending" || phase === "leaving"} className={buttonClass("secondary")} onClick={() => stopDialogRef.current?.showModal()}>
            {tt("stopHere")}
          </button>
        </div>
      </div>

      {instructions && (
        <details className="group rounded-card border border-line bg-surface">
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 py-2 font-medium">
            <span aria-hidden="true" className="text-sm text-muted transition-transform group-open:rotate-90">
              ▶
            </span>
            {tt("instructions")}
          </summary>
          <div className="border-t border-line px-4 py-3">{instructions}</div>
        </details>
      )}

      <div role="status" aria-live="polite" className={status ? "rounded-control border border-line bg-surface px-4 py-3 text-base" : ""}>
        {status}
      </div>

      {work && phase !== "leaving" && (
        // mounted while the unit is held (also while sending), so its countdown never restarts
        <LeaseWarning
          key={`${work.unit.assignmentId}:${work.unit.expiresAt}`}
          assignmentId={work.unit.assignmentId}
          expiresAt={work.unit.expiresAt}
          expiresInMs={work.unit.expiresInMs}
          onRenew={(id) => renewLease(code, id)}
        />
      )}

      {!t.storageOk && (
        <Alert tone="warning">{tt("noStorage")}</Alert>
      )}

      {phase === "offline" && !showForm && offline}
      {phase === "working" && !work && !t.screener && t.error && <Alert tone="error">{tr(t.error, MESSAGE_VALUES)}</Alert>}

      {screener && (
        <ScreenerForm
          view={screener}
          fieldErrors={t.fieldErrors}
          error={phase === "offline" ? null : t.error}
          sending={phase === "sending"}
          headingRef={screenerHeadingRef}
          formRef={formRef}
          onSend={(answer) => void t.answerScreener(answer)}
          onIncomplete={t.screenerIncomplete}
          onChanged={t.screenerAnswered}
        />
      )}

      {showForm && (
        <UnitForm
          work={work}
          locked={locked}
          missing={t.missing}
          fieldErrors={t.fieldErrors}
          error={phase === "offline" ? null : t.error}
          sending={phase === "sending" && t.pending === "submit"}
          notice={offline || undefined}
          headingRef={headingRef}
          formRef={formRef}
          submitRef={submitRef}
          onAnswer={t.answer}
          onComment={t.comment}
          onPaste={t.pasted}
          onFocusItem={t.focusItem}
          onSubmit={() => void t.submit()}
          onSkip={() => void t.skip()}
        />
      )}
      <TaskDialog kind="stopDialog" dialogRef={stopDialogRef} onConfirm={() => void t.stop()} onClose={() => stopRef.current?.focus()} />
    </div>
  );
}
