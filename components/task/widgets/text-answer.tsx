import { useTranslations } from "next-intl";
import { FREE_TEXT_MAX, SHORT_TEXT_MAX } from "@/components/task/answer-kinds";
import { controlClass } from "@/components/ui/field";
import type { WidgetProps } from "@/components/task/widgets/props";

// One line for a short answer (ExploreToM: a container, a room), a box for a free one. The
// browser stops typing at the limit; the count says how much room is left.
export function TextAnswer({ question, name, value, onChange, errorId, disabled, onPaste }: WidgetProps) {
  const t = useTranslations("widgets");
  const short = question.kind === "short_text";
  const max = short ? SHORT_TEXT_MAX : FREE_TEXT_MAX;
  const text = typeof value === "string" ? value : "";
  const countId = `${name}-count`;
  const common = {
    id: `${name}-text`,
    value: text,
    maxLength: max,
    disabled,
    "aria-invalid": errorId ? true : undefined,
    "aria-describedby": [countId, errorId].filter(Boolean).join(" "),
    onPaste,
    className: `${controlClass} text-lg`,
  };
  return (
    <div className="space-y-1">
      <label htmlFor={common.id} className="block text-base font-medium">
        {short ? t("shortText") : t("freeText")}
      </label>
      {short ? (
        <input {...common} type="text" autoComplete="off" onChange={(e) => onChange(e.target.value)} />
      ) : (
        <textarea {...common} rows={5} onChange={(e) => onChange(e.target.value)} />
      )}
      <p id={countId} className="text-sm text-muted">
        {t("characters", { count: text.length, max })}
      </p>
    </div>
  );
}
