import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { ViewQuestion as Question } from "@/lib/designs";
import { optionLetter } from "@/lib/option-letter";


export interface QuestionCardProps {
  question: Question;
  number: number;
  /** the prompt's id: answer widgets take their accessible name from it */
  promptId: string;
  /** the participant answers the question here (baseline): the widget, with its error */
  answer?: ReactNode;
  /** stage 2: the stored stage-1 answer, in words */
  previous?: string;
  error?: { id: string; text: string };
  children?: ReactNode;
}

// A question as the benchmark asks it. Shown for checks to refer to, its options are listed
// (those marked for verification labelled in words); answered here, the widget takes their
// place. Expert designs add the reference, reasoning and bonus points, labelled as such.
export function QuestionCard({ question, number, promptId, answer, previous, error, children }: QuestionCardProps) {
  const t = useTranslations("task");
  const marked = new Set(question.marked ?? []);
  const headingId = `question-${question.id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      data-item={question.answer ? question.id : undefined}
      className={`space-y-4 rounded-card border bg-bg p-4 ${error ? "border-danger" : "border-line"}`}
    >
      <div>
        <h3 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-muted">
          {t("question", { number })}
        </h3>
        <p id={promptId} className="mt-1 whitespace-pre-wrap text-lg font-semibold">
          {question.prompt}
        </p>
        {!question.answer && question.options && question.options.length > 0 && (
          <ol className="mt-3 space-y-2" aria-label={t("optionsOf", { number })}>
            {question.options.map((option, i) => {
              const isMarked = marked.has(i);
              return (
                <li
                  key={i}
                  className={`flex flex-wrap gap-x-3 gap-y-1 rounded-control border px-3 py-2 text-base ${isMarked ? "border-primary bg-primary-soft" : "border-line bg-surface"}`}
                >
                  <span className="font-semibold text-muted">{optionLetter(i)}.</span>
                  <span className="min-w-0 flex-1 basis-40">{option}</span>
                  {isMarked && <span className="ml-auto shrink-0 self-start rounded bg-primary px-2 py-0.5 text-sm font-semibold text-primary-ink">{t("markedAnswer")}</span>}
                </li>
              );
            })}
          </ol>
        )}
        <ExpertNotes question={question} />
      </div>
      {previous !== undefined && (
        <p className="rounded-control border border-line bg-surface px-3 py-2 text-base">
          <span className="font-semibold">{t("previousAnswer")}</span> {previous}
        </p>
      )}
      {error && (
        <p id={error.id} className="font-medium text-danger">
          {error.text}
        </p>
      )}
      {answer}
      {children}
    </section>
  );
}

function ExpertNotes({ question }: { question: Question }) {
  const t = useTranslations("task");
  const { reference, reasoning, bonusPoints } = question;
  if (!reference && !reasoning && !bonusPoints?.length) return null;
  return (
    <dl className="mt-3 space-y-2 rounded-control border-l-4 border-success bg-success-soft px-3 py-2 text-base">
      {reference && (
        <div>
          <dt className="font-semibold">{t("referenceAnswer")}</dt>
          <dd className="whitespace-pre-wrap">{reference}</dd>
        </div>
      )}
      {reasoning && (
        <div>
          <dt className="font-semibold">{t("reasoning")}</dt>
          <dd className="whitespace-pre-wrap">{reasoning}</dd>
        </div>
      )}
      {bonusPoints && bonusPoints.length > 0 && (
        <div>
          <dt className="font-semibold">{t("bonusPoints")}</dt>
          <dd>
            <ul className="list-disc pl-5">
              {bonusPoints.map((b, i) => (
                <li key={i}>{b}</li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}
