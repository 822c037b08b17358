import { useTranslations } from "next-intl";
import type { Check } from "@/lib/designs";
import { controlClass } from "@/components/ui/field";
import { keyHintClass, optionRowClass } from "@/components/task/widgets/styles";

export interface CheckFieldsetProps {
  check: Check;
  /** unique within the page; names the radio group */
  name: string;
  value: string | undefined;
  onChange: (value: string) => void;
  /** the check's own comment (checklist), when it asks for one */
  comment?: string;
  onComment?: (text: string) => void;
  /** shown under the question and announced with it */
  error?: string;
  disabled?: boolean;
  /** what the participant answered at the previous stage, in words */
  previous?: string;
}

// One check as a radio group: a fieldset whose legend holds the prompt and the text being
// verified, large native radios, and the number key that picks each option. Checklist
// criteria add their help text and a comment box (required or optional).
export function CheckFieldset({ check, name, value, onChange, comment, onComment, error, disabled, previous }: CheckFieldsetProps) {
  const t = useTranslations("task");
  const errorId = `${name}-error`;
  const helpId = `${name}-help`;
  const subjectLabel = check.subjectLabel;
  const describedBy = [check.help ? helpId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset
      data-check={check.key}
      data-item={check.key}
      aria-describedby={describedBy}
      disabled={disabled}
      className={`rounded-card border bg-surface p-4 ${error ? "border-danger" : "border-line"}`}
    >
      <legend className="float-left w-full text-lg font-semibold">
        {check.prompt}
        {check.subject && subjectLabel && (
          <span className="mt-2 block rounded-control border-l-4 border-primary bg-primary-soft px-3 py-2 text-base font-normal">
            <span className="font-semibold">{subjectLabel}:</span> {check.subject}
          </span>
        )}
        {check.subject && !subjectLabel && <span className="mt-1 block text-base font-normal text-muted">{check.subject}</span>}
      </legend>
      <div className="clear-both pt-3">
        {check.help && (
          <p id={helpId} className="mb-3 whitespace-pre-wrap text-base text-muted">
            {check.help}
          </p>
        )}
        {previous !== undefined && (
          <p className="mb-3 rounded-control border border-line bg-bg px-3 py-2 text-base">
            <span className="font-semibold">{t("previousAnswer")}</span> {previous}
          </p>
        )}
        {error && (
          <p id={errorId} className="mb-2 font-medium text-danger">
            {error}
          </p>
        )}
        <div className="grid gap-2">
          {check.options.map((option, i) => (
            <label key={option.value} className={optionRowClass}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                className="size-6 shrink-0 accent-primary"
              />
              <span aria-hidden="true" className={keyHintClass}>
                {i < 9 ? i + 1 : ""}
              </span>
              <span className="min-w-0">
                <span className="font-medium">{option.label}</span>
                {option.description && <span className="block text-sm text-muted">{option.description}</span>}
              </span>
            </label>
          ))}
        </div>
        {check.comment && (
          <div className="mt-3 space-y-1">
            <label htmlFor={`${name}-comment`} className="block text-base font-medium">
              {t("checkComment", { kind: check.comment })}
            </label>
            <textarea
              id={`${name}-comment`}
              value={comment ?? ""}
              onChange={(e) => onComment?.(e.target.value)}
              maxLength={2000}
              rows={2}
              required={check.comment === "required"}
              aria-invalid={error && check.comment === "required" && !comment?.trim() ? true : undefined}
              className={`${controlClass} text-base`}
            />
          </div>
        )}
      </div>
    </fieldset>
  );
}
