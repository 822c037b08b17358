import type { Check } from "@/lib/designs";

export interface CheckFieldsetProps {
  check: Check;
  /** unique within the page; names the radio group */
  name: string;
  value: string | undefined;
  onChange: (value: string) => void;
  /** shown under the question and announced with it */
  error?: string;
  disabled?: boolean;
}

// One check as a radio group: a fieldset whose legend holds the prompt and the text being
// verified, large native radios, and the number key that picks each option.
export function CheckFieldset({ check, name, value, onChange, error, disabled }: CheckFieldsetProps) {
  const errorId = `${name}-error`;
  const subjectLabel = check.subjectLabel;
  return (
    <fieldset
      data-check={check.key}
      aria-describedby={error ? errorId : undefined}
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
        {error && (
          <p id={errorId} className="mb-2 font-medium text-danger">
            {error}
          </p>
        )}
        <div className="grid gap-2">
          {check.options.map((option, i) => (
            <label
              key={option.value}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-control border border-line px-3 py-2 text-base hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                className="size-6 shrink-0 accent-primary"
              />
              <span aria-hidden="true" className="inline-flex size-7 shrink-0 items-center justify-center rounded border border-muted text-sm font-semibold text-muted">
                {i < 9 ? i + 1 : ""}
              </span>
              <span className="min-w-0">
                <span className="font-medium">{option.label}</span>
                {option.description && <span className="block text-sm text-muted">{option.description}</span>}
              </span>
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
