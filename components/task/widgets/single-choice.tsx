import { keyHintClass, optionRowClass } from "@/components/task/widgets/styles";
import type { WidgetProps } from "@/components/task/widgets/props";

// Options in the benchmark's order as native radios; the number beside each is its key.
export function SingleChoice({ question, name, labelledBy, value, onChange, errorId, disabled }: WidgetProps) {
  const options = question.options ?? [];
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={errorId} aria-invalid={errorId ? true : undefined} className="grid gap-2">
      {options.map((option, i) => (
        <label key={i} className={optionRowClass}>
          <input
            type="radio"
            name={name}
            value={i}
            checked={value === i}
            disabled={disabled}
            onChange={() => onChange(i)}
            className="size-6 shrink-0 accent-primary"
          />
          <span aria-hidden="true" className={keyHintClass}>
            {i < 9 ? i + 1 : ""}
          </span>
          <span className="min-w-0 break-words">{option}</span>
        </label>
      ))}
    </div>
  );
}
