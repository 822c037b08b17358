"use client";

import { useId, useRef, type FormEvent, type ReactNode, type RefObject } from "react";
import { ContextViewer } from "@/components/context/context-viewer";
import { sectionsOf } from "@/components/task/answers";
import { CheckFieldset } from "@/components/task/check-fieldset";
import { QuestionCard } from "@/components/task/question-card";
import { SkipDialog } from "@/components/task/skip-dialog";
import type { Work } from "@/components/task/use-task";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";

export interface UnitFormProps {
  work: Work;
  /** answers are fixed while a submission is under way */
  locked: boolean;
  /** check keys still unanswered after an early Submit */
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
  onAnswer: (key: string, value: string) => void;
  onComment: (text: string) => void;
  onSubmit: () => void;
  onSkip: () => void;
}

const MISSING = "Choose an answer to this question.";

// One unit: the context to read on one side, the checks to answer on the other.
export function UnitForm(props: UnitFormProps) {
  const { work, locked, missing, fieldErrors, error, headingRef, formRef, submitRef } = props;
  const { unit, checks, draft } = work;
  const id = useId();
  const skipRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const sections = sectionsOf(checks);
  const indexOf = new Map(checks.map((c, i) => [c.key, i]));
  const views = Object.values(unit.context.views);
  const isConversation = views.some((v) => v.type === "conversation");
  const contextChecks = sections.find((s) => s.questionId === null)?.checks ?? [];
  const questionIds = new Set(unit.questions.map((q) => q.id));
  const orphans = sections.filter((s) => s.questionId !== null && !questionIds.has(s.questionId)).flatMap((s) => s.checks);
  const stillMissing = missing.filter((k) => draft.answers[k] === undefined);

  const fieldset = (key: string) => {
    const check = checks[indexOf.get(key)!]!;
    const err = fieldErrors[key] ?? (stillMissing.includes(key) ? MISSING : undefined);
    return (
      <CheckFieldset
        key={key}
        check={check}
        name={`${id}-check-${indexOf.get(key)}`}
        value={draft.answers[key]}
        onChange={(v) => props.onAnswer(key, v)}
        error={err}
        disabled={locked}
      />
    );
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit();
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <section aria-labelledby={`${id}-context`} className="space-y-3 lg:sticky lg:top-4">
        <h2 id={`${id}-context`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none!">
          {unit.title ?? (isConversation ? "Read the conversation" : "Read the text")}
        </h2>
        <ContextViewer
          key={unit.assignmentId}
          views={unit.context.views}
          defaultView={unit.context.defaultView}
          label={isConversation ? "Conversation" : "Text"}
          size="large"
          regionClassName="max-h-[65vh] lg:max-h-[calc(100vh-12rem)]"
        />
      </section>

      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-answers`} className="space-y-5">
        <div>
          <h2 id={`${id}-answers`} className="text-xl font-semibold">
            Your answers
          </h2>
          <p className="mt-1 text-sm text-muted">
            Keyboard: press <kbd className="rounded border border-line bg-surface px-1.5 font-sans">1</kbd>–
            <kbd className="rounded border border-line bg-surface px-1.5 font-sans">9</kbd> to choose an option, then{" "}
            <kbd className="rounded border border-line bg-surface px-1.5 font-sans">Enter</kbd> to submit.
          </p>
        </div>

        {contextChecks.length > 0 && (
          <section aria-labelledby={`${id}-about`} className="space-y-4">
            <h3 id={`${id}-about`} className="text-lg font-semibold">
              About the {isConversation ? "conversation" : "text"}
            </h3>
            {contextChecks.map((c) => fieldset(c.key))}
          </section>
        )}

        {unit.questions.map((q, i) => (
          <QuestionCard key={q.id} question={q} number={i + 1}>
            {checks.filter((c) => c.questionId === q.id).map((c) => fieldset(c.key))}
          </QuestionCard>
        ))}
        {orphans.map((c) => fieldset(c.key))}

        {unit.commentAllowed && (
          <div className="space-y-1">
            <label htmlFor={`${id}-comment`} className="block text-base font-medium">
              Comment (optional)
            </label>
            <p id={`${id}-comment-hint`} className="text-sm text-muted">
              Anything the researchers should know about this unit.
            </p>
            <textarea
              id={`${id}-comment`}
              aria-describedby={`${id}-comment-hint`}
              value={draft.comment}
              onChange={(e) => props.onComment(e.target.value)}
              maxLength={2000}
              rows={3}
              disabled={locked}
              className={`${controlClass} text-base`}
            />
          </div>
        )}

        {stillMissing.length > 0 && (
          <Alert tone="error">
            Please answer every question before submitting: {stillMissing.length}{" "}
            {stillMissing.length === 1 ? "still needs" : "still need"} an answer.
          </Alert>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {props.notice}

        <div className="flex flex-wrap items-center gap-3">
          <button ref={submitRef} type="submit" disabled={locked} className={buttonClass("primary", "min-h-12 px-6 text-base")}>
            {props.sending ? "Saving…" : "Submit"}
          </button>
          <button ref={skipRef} type="button" disabled={locked} className={buttonClass("secondary")} onClick={() => dialogRef.current?.showModal()}>
            Skip this unit
          </button>
        </div>
      </form>
      <SkipDialog dialogRef={dialogRef} onConfirm={props.onSkip} onClose={() => skipRef.current?.focus()} />
    </div>
  );
}
