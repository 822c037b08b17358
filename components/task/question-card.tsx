import type { ReactNode } from "react";
import type { ViewQuestion as Question } from "@/lib/designs";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// A question as the benchmark asks it, with its options; the options that answer-key checks
// ask about as "marked" are labelled in words, since that is what is being verified.
export function QuestionCard({ question, number, children }: { question: Question; number: number; children?: ReactNode }) {
  const marked = new Set(question.marked ?? []);
  const headingId = `question-${question.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-card border border-line bg-bg p-4">
      <div>
        <h3 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-muted">
          Question {number}
        </h3>
        <p className="mt-1 whitespace-pre-wrap text-lg font-semibold">{question.prompt}</p>
        {question.options && question.options.length > 0 && (
          <ol className="mt-3 space-y-2" aria-label={`Options of question ${number}`}>
            {question.options.map((option, i) => {
              const isMarked = marked.has(i);
              return (
                <li
                  key={i}
                  className={`flex flex-wrap gap-x-3 gap-y-1 rounded-control border px-3 py-2 text-base ${isMarked ? "border-primary bg-primary-soft" : "border-line bg-surface"}`}
                >
                  <span className="font-semibold text-muted">{LETTERS[i] ?? i + 1}.</span>
                  <span className="min-w-0 flex-1 basis-40">{option}</span>
                  {isMarked && <span className="ml-auto shrink-0 self-start rounded bg-primary px-2 py-0.5 text-sm font-semibold text-primary-ink">Marked answer</span>}
                </li>
              );
            })}
          </ol>
        )}
      </div>
      {children}
    </section>
  );
}
