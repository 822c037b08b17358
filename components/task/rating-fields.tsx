import { useTranslations } from "next-intl";
import type { Answer } from "@/components/task/answer-kinds";
import { scaleSteps, scoreKeys, type Scale } from "@/components/task/items";
import { keyHintClass, optionRowClass } from "@/components/task/widgets/styles";

export interface RatingFieldsProps {
  rating: { answer: string; scale: Scale; penalties: string[] };
  name: string;
  score: Answer | undefined;
  penalties: Answer | undefined;
  onScore: (value: number) => void;
  onPenalties: (value: string[]) => void;
  error?: string;
  disabled?: boolean;
}

// A rating unit: the answer being rated (never who wrote it), a score on the scale as radios
// (number keys where the scale has at most nine steps), and the penalties as checkboxes.
export function RatingFields({ rating, name, score, penalties, onScore, onPenalties, error, disabled }: RatingFieldsProps) {
  const t = useTranslations("task");
  const steps = scaleSteps(rating.scale);
  const keys = scoreKeys(steps);
  const ticked = Array.isArray(penalties) ? penalties : [];
  const errorId = `${name}-score-error`;
  return (
    <div className="space-y-5">
      <section aria-labelledby={`${name}-answer`} className="rounded-card border border-primary bg-primary-soft p-4">
        <h3 id={`${name}-answer`} className="text-sm font-semibold uppercase tracking-wide">
          {t("rateAnswer")}
        </h3>
        <p className="mt-2 whitespace-pre-wrap text-lg">{rating.answer}</p>
      </section>

      <fieldset
        data-item="score"
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
        className={`rounded-card border bg-surface p-4 ${error ? "border-danger" : "border-line"}`}
      >
        <legend className="float-left w-full text-lg font-semibold">
          {t("score", { min: steps[0]!, max: steps[steps.length - 1]! })}
        </legend>
        <div className="clear-both space-y-2 pt-3">
          {error && (
            <p id={errorId} className="font-medium text-danger">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {steps.map((s, i) => (
              <label key={s} className={`${optionRowClass} min-w-24`}>
                <input
                  type="radio"
                  name={`${name}-score`}
                  value={s}
                  checked={score === s}
                  onChange={() => onScore(s)}
                  className="size-6 shrink-0 accent-primary"
                />
                {keys[i] && (
                  <span aria-hidden="true" className={keyHintClass}>
                    {keys[i]}
                  </span>
                )}
                <span className="font-medium tabular-nums">{s}</span>
              </label>
            ))}
          </div>
        </div>
      </fieldset>

      {rating.penalties.length > 0 && (
        <fieldset data-item="penalties" disabled={disabled} className="rounded-card border border-line bg-surface p-4">
          <legend className="float-left w-full text-lg font-semibold">{t("penalties")}</legend>
          <div className="clear-both grid gap-2 pt-3">
            {rating.penalties.map((p) => (
              <label key={p} className={optionRowClass}>
                <input
                  type="checkbox"
                  checked={ticked.includes(p)}
                  onChange={(e) => onPenalties(rating.penalties.filter((x) => (x === p ? e.target.checked : ticked.includes(x))))}
                  className="size-6 shrink-0 accent-primary"
                />
                <span className="min-w-0 break-words">{p}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
