import { RadioOptions } from "@/components/task/widgets/radio-options";
import { errorTextClass } from "@/components/task/widgets/styles";
import type { FamiliarityItem } from "@/components/task/screener";

export interface FamiliarityQuestionProps {
  item: FamiliarityItem;
  /** the item key (data-item), for focus and errors */
  itemKey: string;
  value: number | undefined;
  onChange: (option: number) => void;
  error?: string;
  disabled?: boolean;
}

// One familiarity question as a radio group: a fieldset whose legend is the question, native
// radios (arrow keys move between them), the error under the question and tied to it.
export function FamiliarityQuestion({ item, itemKey, value, onChange, error, disabled }: FamiliarityQuestionProps) {
  const name = `familiarity-${item.index}`;
  const errorId = `${name}-error`;
  return (
    <fieldset data-item={itemKey} aria-describedby={error ? errorId : undefined} className={`rounded-card border bg-surface p-4 ${error ? "border-danger" : "border-line"}`}>
      <legend className="float-left w-full text-base font-semibold">{item.prompt}</legend>
      <div className="clear-both grid gap-2 pt-3">
        {error && (
          <p id={errorId} className={errorTextClass}>
            {error}
          </p>
        )}
        <RadioOptions name={name} options={item.options} value={value} onChange={onChange} disabled={disabled} />
      </div>
    </fieldset>
  );
}
