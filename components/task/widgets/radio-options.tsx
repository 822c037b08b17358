import { keyHintClass, optionRowClass } from "@/components/task/widgets/styles";

export interface RadioOptionsProps {
  name: string;
  options: readonly string[];
  value: number | undefined;
  onChange: (option: number) => void;
  disabled?: boolean;
  /** show each option's number key beside it (the first nine) */
  keyHints?: boolean;
}

// Options as native radios, one label each: arrow keys move between them, as everywhere on the page.
export function RadioOptions({ name, options, value, onChange, disabled, keyHints = false }: RadioOptionsProps) {
  return options.map((option, i) => (
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
      {keyHints && (
        <span aria-hidden="true" className={keyHintClass}>
          {i < 9 ? i + 1 : ""}
        </span>
      )}
      <span className="min-w-0 break-words">{option}</span>
    </label>
  ));
}
