import { useTranslations } from "next-intl";
import type { WidgetProps } from "@/components/task/widgets/props";
import { optionRowClass } from "@/components/task/widgets/styles";

// The conversation's characters as checkboxes, plus "Nobody" (the answer []). Ticking a
// character unticks Nobody and the other way round, so the two can never disagree.
export function MultiSelect({ question, name, labelledBy, value, onChange, errorId, disabled }: WidgetProps) {
  const t = useTranslations("widgets");
  const options = question.options ?? [];
  const chosen = Array.isArray(value) ? value : [];
  const nobody = Array.isArray(value) && value.length === 0;
  const toggle = (option: string, on: boolean) => {
    const next = on ? [...chosen, option] : chosen.filter((c) => c !== option);
    // keep the order shown, whatever the order of ticking
    onChange(options.filter((o) => next.includes(o)));
  };
  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={errorId} className="grid gap-2">
      <p className="text-sm text-muted">{t("tickEveryone")}</p>
      {options.map((option, i) => (
        <label key={i} className={optionRowClass}>
          <input
            type="checkbox"
            name={`${name}-${i}`}
            checked={chosen.includes(option)}
            disabled={disabled}
            onChange={(e) => toggle(option, e.target.checked)}
            className="size-6 shrink-0 accent-primary"
          />
          <span className="min-w-0 break-words">{option}</span>
        </label>
      ))}
      <label className={optionRowClass}>
        <input
          type="checkbox"
          name={`${name}-nobody`}
          checked={nobody}
          disabled={disabled}
          onChange={(e) => (e.target.checked ? onChange([]) : onChange(chosen))}
          className="size-6 shrink-0 accent-primary"
        />
        <span className="font-medium">{t("nobody")}</span>
      </label>
    </div>
  );
}
