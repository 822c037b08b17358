"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { FamiliarityQuestion } from "@/components/task/familiarity-question";
import { CHOICE_KEY, emptyScreenerDraft, familiarityKey, screenerAnswer, screenerProblems, shownItems, type FamiliarityItem, type ScreenerDraft } from "@/components/task/screener";
import { errorTextClass, optionRowClass } from "@/components/task/widgets/styles";
import { buttonClass } from "@/components/ui/button";
import type { ScreenerAnswer, ScreenerView } from "@/lib/participants/screener";

export interface ScreenerFormProps {
  view: ScreenerView;
  /** by item key: the checklist or choice ("choice"), or a familiarity question */
  fieldErrors: Record<string, string>;
  error: string | null;
  sending: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
  onSend: (answer: ScreenerAnswer) => void;
  /** answers missing before sending: the item keys with what to do */
  onIncomplete: (message: string, fieldErrors: Record<string, string>) => void;
  /** an item was answered (its error can go) */
  onChanged: (key: string) => void;
}

/** The screener's one question (checklist or choice): legend, the study's help, then the options. */
function ChoiceFieldset({ legend, help, describedBy, bodyClass, children }: { legend: string; help: string | null | undefined; describedBy: string | undefined; bodyClass: string; children: ReactNode }) {
  return (
    <fieldset data-item={CHOICE_KEY} aria-describedby={describedBy} className="space-y-3">
      <legend className="float-left w-full text-lg font-semibold">{legend}</legend>
      <div className={`clear-both pt-2 ${bodyClass}`}>
        {help && (
          <p id="screener-help" className="text-base text-muted">
            {help}
          </p>
        )}
        {children}
      </div>
    </fieldset>
  );
}

// The screener asked before the first unit: a checklist (tick what applies, e.g. the books read
// completely) or one choice, each ticked value followed by its familiarity questions.
export function ScreenerForm({ view, fieldErrors, error, sending, headingRef, formRef, onSend, onIncomplete, onChanged }: ScreenerFormProps) {
  const t = useTranslations("screener");
  // errors and problems are catalog keys from the root (components/task/translate.ts)
  const tr = useTranslations();
  const [draft, setDraft] = useState<ScreenerDraft>(emptyScreenerDraft);
  const shown = shownItems(view, draft);

  function update(key: string, next: ScreenerDraft) {
    setDraft(next);
    onChanged(key);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const problems = screenerProblems(view, draft, { choose: "screener.choose", answer: "screener.answer" });
    if (Object.keys(problems).length) return onIncomplete("screener.missing", problems);
    onSend(screenerAnswer(view, draft));
  }

  const question = (item: FamiliarityItem) => (
    <FamiliarityQuestion
      key={item.index}
      item={item}
      itemKey={familiarityKey(item.index)}
      value={draft.familiarity[String(item.index)]}
      error={fieldErrors[familiarityKey(item.index)] && tr(fieldErrors[familiarityKey(item.index)]!)}
      disabled={sending}
      onChange={(option) => update(familiarityKey(item.index), { ...draft, familiarity: { ...draft.familiarity, [String(item.index)]: option } })}
    />
  );
  const general = shown.filter((f) => view.choice !== "values" || f.appliesTo === null);
  const choiceError = fieldErrors[CHOICE_KEY];
  const choiceDescribedBy = [view.help ? "screener-help" : null, choiceError ? "screener-choice-error" : null].filter(Boolean).join(" ") || undefined;
  const choiceErrorText = choiceError && (
    <p id="screener-choice-error" className={errorTextClass}>
      {tr(choiceError)}
    </p>
  );

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-labelledby="screener-heading" className="max-w-3xl space-y-5">
      <div>
        <h2 id="screener-heading" ref={headingRef} tabIndex={-1} className="rounded-control text-2xl font-semibold focus:outline-3 focus:outline-offset-2 focus:outline-focus">
          {t("heading")}
        </h2>
        <p className="mt-2 text-base">{t("intro")}</p>
      </div>

      <div role="alert" className={error ? "rounded-control border border-danger bg-danger-soft px-4 py-3 text-base font-medium text-danger" : ""}>
        {error && tr(error)}
      </div>

      {view.choice === "values" && (
        <ChoiceFieldset legend={view.prompt ?? t("checklistLegend")} help={view.help} describedBy={choiceDescribedBy} bodyClass="space-y-3">
          <p className="text-base text-muted">{t("noneApplies")}</p>
          {choiceErrorText}
          {view.options.map((option) => {
            const ticked = draft.values.includes(option.value);
            const items = ticked ? shown.filter((f) => f.appliesTo === option.value) : [];
            return (
              <div key={option.value} className="space-y-3">
                <label className={optionRowClass}>
                  <input
                    type="checkbox"
                    checked={ticked}
                    disabled={sending}
                    onChange={() => update(CHOICE_KEY, { ...draft, values: ticked ? draft.values.filter((v) => v !== option.value) : [...draft.values, option.value] })}
                    className="size-6 shrink-0 accent-primary"
                  />
                  <span className="min-w-0 break-words font-medium">{option.label}</span>
                </label>
                {items.length > 0 && (
                  <div className="space-y-3 border-l-4 border-primary pl-4">
                    <p className="text-base">{t("familiarityIntro")}</p>
                    {items.map(question)}
                  </div>
                )}
              </div>
            );
          })}
        </ChoiceFieldset>
      )}

      {view.choice === "group" && (
        <ChoiceFieldset legend={view.prompt ?? t("choiceLegend")} help={view.help} describedBy={choiceDescribedBy} bodyClass="grid gap-2">
          {choiceErrorText}
          {view.options.map((option) => (
            <label key={option.value} className={optionRowClass}>
              <input
                type="radio"
                name="screener-choice"
                value={option.value}
                checked={draft.option === Number(option.value)}
                disabled={sending}
                onChange={() => update(CHOICE_KEY, { ...draft, option: Number(option.value) })}
                className="size-6 shrink-0 accent-primary"
              />
              <span className="min-w-0 break-words">{option.label}</span>
            </label>
          ))}
        </ChoiceFieldset>
      )}

      {view.choice === null && view.prompt && <p className="text-lg font-semibold">{view.prompt}</p>}

      {general.length > 0 && (
        <section aria-labelledby="screener-general-heading" className="space-y-3">
          <h3 id="screener-general-heading" className="text-lg font-semibold">
            {t("generalHeading")}
          </h3>
          {general.map(question)}
        </section>
      )}

      <button type="submit" disabled={sending} className={buttonClass("primary", "min-h-12 px-6 text-base")}>
        {sending ? t("sending") : t("continue")}
      </button>
    </form>
  );
}
