import { useTranslations } from "next-intl";
import { keyHintClass } from "@/components/task/widgets/styles";
import type { WidgetProps } from "@/components/task/widgets/props";

const CHOICES = [
  { value: "yes", key: "Y" },
  { value: "no", key: "N" },
] as const;

// Two toggle buttons; the pressed one is the answer. Y and N answer from the keyboard.
export function YesNo({ labelledBy, value, onChange, errorId, disabled }: WidgetProps) {
  const t = useTranslations("widgets");
  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={errorId} className="flex flex-wrap gap-3">
      {CHOICES.map((c) => {
        const on = value === c.value;
        return (
          <button
            key={c.value}
            type="button"
            aria-pressed={on}
            disabled={disabled}
            onClick={() => onChange(c.value)}
            className={`inline-flex min-h-12 min-w-28 items-center justify-center gap-3 rounded-control border px-4 py-2 text-base font-medium disabled:cursor-not-allowed disabled:opacity-60 ${
              on ? "border-primary bg-primary text-primary-ink" : "border-line bg-surface text-ink hover:border-primary"
            }`}
          >
            {t(c.value)}
            <span aria-hidden="true" className={`${keyHintClass} ${on ? "border-primary-ink text-primary-ink" : ""}`}>
              {c.key}
            </span>
          </button>
        );
      })}
    </div>
  );
}
