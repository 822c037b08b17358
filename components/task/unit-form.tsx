"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, type FocusEvent, type FormEvent, type ReactNode, type RefObject } from "react";
import { ContextViewer } from "@/components/context/context-viewer";
import { viewLabel } from "@/components/context/view-labels";
import { describeAnswer, type Answer } from "@/components/task/answer-kinds";
import { CheckFieldset } from "@/components/task/check-fieldset";
import { localCheck } from "@/components/task/check-text";
import { itemProblem, type Item } from "@/components/task/items";
import { previousAnswer } from "@/components/task/previous";
import { QuestionCard } from "@/components/task/question-card";
import { RatingFields } from "@/components/task/rating-fields";
import { TaskDialog } from "@/components/task/task-dialog";
import type { Work } from "@/components/task/task-state";
import { MESSAGE_VALUES } from "@/components/task/translate";
import { unitHeading } from "@/components/task/unit-heading";
import { useScrollClearance } from "@/components/task/use-scroll-clearance";
import { QuestionWidget } from "@/components/task/widgets/question-widget";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";

export interface UnitFormProps {
  work: Work;
  /** answers are fixed while a submission is under way */
  locked: boolean;
  /** item keys still unanswered after an early Submit */
  missing: string[];
  fieldErrors: Record<string, string>;
  error: string | null;
  /** a submission under way: the Submit button says so */
  sending: boolean;
  /** shown just above the buttons (where the participant is looking): the "could not reach the server" message */
  notice?: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
  submitRef: RefObject<HTMLButtonElement | null>;
  onAnswer: (key: string, value: Answer) => void;
  onComment: (key: string | null, text: string) => void;
  onPaste: () => void;
  /** focus entered an item (its key) or left every item (null): per-question time */
  onFocusItem: (key: string | null) => void;
  onSubmit: () => void;
  onSkip: () => void;
}

const focusRing = "w-fit rounded-control focus:outline-3 focus:outline-offset-2 focus:outline-focus";

// One unit: the context to read on one side, what to answer on the other, and an action bar
// that stays at the bottom of the screen so Submit is always in reach (on a phone too).
export function UnitForm(props: UnitFormProps) {
  const { work, locked, missing, fieldErrors, error, headingRef, formRef, submitRef } = props;
  const { unit, items, draft, progress } = work;
  const t = useTranslations("task");
  const tw = useTranslations("widgets");
  const tc = useTranslations("context");
  const tk = useTranslations("task.checks");
  // problems and errors are catalog keys from the root (components/task/translate.ts)
  const tr = useTranslations();
  const id = useId();
  const skipRef = useRef<HTMLButtonElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  useScrollClearance(barRef);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const views = Object.values(unit.context.views);
  const isConversation = views.some((v) => v.type === "conversation");
  const noun = isConversation ? "conversation" : "text";
  const kbd = (chunks: ReactNode) => <kbd className="rounded border border-line bg-surface px-1.5 font-sans">{chunks}</kbd>;
  const sideBySide = unit.context.layout === "side-by-side" && views.length > 1;
  const staged = unit.stage > 1;
  const byKey = new Map(items.map((item, i) => [item.key, { item, index: i }]));
  const problemOf = (key: string): string | undefined => {
    if (fieldErrors[key]) return tr(fieldErrors[key], MESSAGE_VALUES);
    const entry = byKey.get(key);
    const problem = entry && missing.includes(key) ? itemProblem(entry.item, draft) : null;
    return problem ? tr(problem, MESSAGE_VALUES) : undefined;
  };
  const stillMissing = missing.filter((k) => byKey.has(k) && itemProblem(byKey.get(k)!.item, draft) !== null);
  const previousText = (item: Item): string | undefined => {
    if (!staged || unit.previous === undefined) return undefined;
    const value = previousAnswer(unit.previous, item);
    if (item.type === "question") return describeAnswer(item.question.kind, value, item.question.options, tw);
    if (item.type === "check") return localCheck(item.check, tk).options.find((o) => o.value === value)?.label ?? tw("noAnswer");
    return value === undefined ? tw("noAnswer") : Array.isArray(value) ? value.join(tw("listSeparator")) || tw("none") : String(value);
  };

  const checkField = (key: string) => {
    const entry = byKey.get(key);
    if (!entry || entry.item.type !== "check") return null;
    const check = localCheck(entry.item.check, tk);
    const value = draft.answers[key];
    return (
      <CheckFieldset
        key={key}
        check={check}
        name={`${id}-item-${entry.index}`}
        value={typeof value === "string" ? value : undefined}
        onChange={(v) => props.onAnswer(key, v)}
        comment={draft.comments[key]}
        onComment={(text) => props.onComment(key, text)}
        error={problemOf(key)}
        disabled={locked}
        previous={previousText(entry.item)}
      />
    );
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit();
  }

  function onFocus(event: FocusEvent) {
    const key = event.target instanceof Element ? (event.target.closest<HTMLElement>("[data-item]")?.dataset.item ?? null) : null;
    props.onFocusItem(key);
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) props.onFocusItem(null);
  }

  const contextChecks = unit.checks.filter((c) => !c.questionId);
  const questionIds = new Set(unit.questions.map((q) => q.id));
  const orphans = unit.checks.filter((c) => c.questionId && !questionIds.has(c.questionId));
  const score = byKey.get("score");
  const hasText = items.some((i) => i.type === "question" && ["numeric", "short_text", "free_text"].includes(i.question.kind));

  return (
    <div className="space-y-6">
      <div className={sideBySide ? "space-y-6" : "grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start"}>
        <section id={`${id}-context-section`} aria-labelledby={`${id}-context`} className={`scroll-mt-4 space-y-3 ${sideBySide ? "" : "lg:sticky lg:top-4"}`}>
          <h2 id={`${id}-context`} ref={headingRef} tabIndex={-1} className={`text-xl font-semibold ${focusRing}`}>
            {unitHeading(progress, isConversation, t)}
          </h2>
          {staged && (
            <p className="rounded-control border border-primary bg-primary-soft px-3 py-2 text-base">
              {t("stagePart", {
                stage: unit.stage,
                stages: unit.stages,
                noun,
                view: Object.keys(unit.context.views).length === 1 ? viewLabel(Object.keys(unit.context.views)[0]!, tc) : "none",
              })}
            </p>
          )}
          <ContextViewer
            key={`${unit.assignmentId}:${unit.stage}`}
            views={unit.context.views}
            defaultView={unit.context.defaultView}
            layout={unit.context.layout}
            label={t("contextLabel", { noun })}
            size="large"
            // phones: the page scrolls, not a box inside it; wide screens: the text scrolls beside the questions
            // (short of the action bar at the bottom of the screen)
            regionClassName={sideBySide ? "md:max-h-[55vh]" : "lg:max-h-[calc(100vh-20rem)]"}
          />
        </section>

        <form
          id={`${id}-form`}
          ref={formRef}
          onSubmit={onSubmit}
          onFocus={onFocus}
          onBlur={onBlur}
          noValidate
          aria-labelledby={`${id}-answers`}
          className="space-y-5"
        >
          <div>
            <h2 id={`${id}-answers`} className="text-xl font-semibold">
              {t("yourAnswers")}
            </h2>
            <p className="mt-1 text-sm text-muted pointer-coarse:hidden">
              {t.rich("keyboardHint", {
                k: kbd,
                yesNo: items.some((i) => i.type === "question" && i.question.kind === "yes_no") ? "yes" : "no",
                text: hasText ? "yes" : "no",
              })}
            </p>
          </div>

          {staged && (
            <Alert tone="info">
              {t("stagedAlert", { noun })}
            </Alert>
          )}

          {contextChecks.length > 0 && (
            <section aria-labelledby={`${id}-about`} className="space-y-4">
              <h3 id={`${id}-about`} className="text-lg font-semibold">
                {t("aboutContext", { noun })}
              </h3>
              {contextChecks.map((c, i) => (
                <div key={c.key} className="space-y-4">
                  {/* a checklist's title heads its criteria */}
                  {c.section && c.section !== contextChecks[i - 1]?.section && <h4 className="pt-2 text-base font-semibold uppercase tracking-wide text-muted">{c.section}</h4>}
                  {checkField(c.key)}
                </div>
              ))}
            </section>
          )}

          {unit.questions.map((q, i) => {
            const entry = q.answer ? byKey.get(q.id) : undefined;
            const problem = entry ? problemOf(q.id) : undefined;
            const errorId = `${id}-q-${i}-error`;
            return (
              <QuestionCard
                key={q.id}
                question={q}
                number={i + 1}
                promptId={`${id}-q-${i}-prompt`}
                previous={entry ? previousText(entry.item) : undefined}
                error={problem ? { id: errorId, text: problem } : undefined}
                answer={
                  entry && (
                    <QuestionWidget
                      question={q}
                      name={`${id}-q-${i}`}
                      labelledBy={`${id}-q-${i}-prompt`}
                      value={draft.answers[q.id]}
                      onChange={(v) => props.onAnswer(q.id, v)}
                      errorId={problem ? errorId : undefined}
                      disabled={locked}
                      onPaste={props.onPaste}
                    />
                  )
                }
              >
                {unit.checks.filter((c) => c.questionId === q.id).map((c) => checkField(c.key))}
              </QuestionCard>
            );
          })}
          {orphans.map((c) => checkField(c.key))}

          {unit.rating && score && (
            <RatingFields
              rating={unit.rating}
              name={`${id}-rating`}
              score={draft.answers.score}
              penalties={draft.answers.penalties}
              onScore={(v) => props.onAnswer("score", v)}
              onPenalties={(v) => props.onAnswer("penalties", v)}
              error={problemOf("score")}
              disabled={locked}
            />
          )}

          {unit.commentAllowed && (
            <div className="space-y-1">
              <label htmlFor={`${id}-comment`} className="block text-base font-medium">
                {t("comment")}
              </label>
              <p id={`${id}-comment-hint`} className="text-sm text-muted">
                {t("commentHint")}
              </p>
              <textarea
                id={`${id}-comment`}
                aria-describedby={`${id}-comment-hint`}
                value={draft.comment}
                onChange={(e) => props.onComment(null, e.target.value)}
                maxLength={2000}
                rows={3}
                disabled={locked}
                className={`${controlClass} text-base`}
              />
            </div>
          )}

          {stillMissing.length > 0 && (
            <Alert tone="error">
              {t("stillMissing", { count: stillMissing.length })}
            </Alert>
          )}
          {error && <Alert tone="error">{tr(error, MESSAGE_VALUES)}</Alert>}
          {props.notice}
        </form>
      </div>

      <div ref={barRef} className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-line bg-surface px-4 py-3 sm:gap-3 sm:rounded-card sm:border">
        <button ref={submitRef} type="submit" form={`${id}-form`} disabled={locked} className={buttonClass("primary", "min-h-12 px-6 text-base")}>
          {props.sending ? t("submitting") : t("submit")}
        </button>
        <button ref={skipRef} type="button" disabled={locked} className={buttonClass("secondary")} onClick={() => dialogRef.current?.showModal()}>
          {t("skip")}
        </button>
        {!sideBySide && (
          <button
            type="button"
            className={buttonClass("ghost", "ml-auto px-2 underline lg:hidden")}
            onClick={() => {
              headingRef.current?.scrollIntoView({ block: "start" });
              headingRef.current?.focus({ preventScroll: true });
            }}
          >
            <span aria-hidden="true">↑</span>
            <span aria-hidden="true">{t("contextLabel", { noun })}</span>
            <span className="sr-only">{t("showContext", { noun })}</span>
          </button>
        )}
      </div>
      <TaskDialog kind="skipDialog" dialogRef={dialogRef} onConfirm={props.onSkip} onClose={() => skipRef.current?.focus()} />
    </div>
  );
}
