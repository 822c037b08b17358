import { useTranslations } from "next-intl";
import { controlClass } from "@/components/ui/field";
import type { WidgetProps } from "@/components/task/widgets/props";

// A number typed as text (so "1,000" and a half-typed "3." are kept as written), and, where
// the question allows it, a toggle for "can't be determined" (the answer null).
export function NumericAnswer({ question, name, labelledBy, value, onChange, errorId, disabled, onPaste }: WidgetProps) {
  const t = useTranslations("widgets");
  const undetermined = value === null;
  const text = typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
  const hintId = `${name}-hint`;
  return (
    <div role="group" aria-labelledby={labelledBy} className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={`${name}-number`} className="block text-base font-medium">
          {t("numberLabel")}
        </label>
        <p id={hintId} className="text-sm text-muted">
          {t("numberHint")}
        </p>
        <input
          id={`${name}-number`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={undetermined ? "" : text}
          disabled={disabled || undetermined}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
          onChange={(e) => onChange(e.target.value)}
          onPaste={onPaste}
          className={`${controlClass} max-w-60 text-lg`}
        />
      </div>
      {question.allowUnanswerable !== false && (
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-base">
          <input
            type="checkbox"
            name={`${name}-undetermined`}
            checked={undetermined}
            disabled={disabled}
            onChange={(e) => onChange(e.target.checked ? null : "")}
            className="size-6 shrink-0 accent-primary"
          />
          {t("undetermined")}
        </label>
      )}
    </div>
  );
}
