import { RadioOptions } from "@/components/task/widgets/radio-options";
import type { WidgetProps } from "@/components/task/widgets/props";

// Options in the benchmark's order as native radios; the number beside each is its key.
export function SingleChoice({ question, name, labelledBy, value, onChange, errorId, disabled }: WidgetProps) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={errorId} aria-invalid={errorId ? true : undefined} className="grid gap-2">
      <RadioOptions name={name} options={question.options ?? []} value={typeof value === "number" ? value : undefined} onChange={onChange} disabled={disabled} keyHints />
    </div>
  );
}
