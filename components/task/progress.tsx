import { useTranslations } from "next-intl";
import { unitPosition } from "@/components/task/unit-heading";
import type { Progress } from "@/lib/participants/task";

// "Unit k of n", where k is the unit being worked on; the bar fills with the units done.
export function TaskProgress({ progress }: { progress: Progress }) {
  const t = useTranslations("task");
  const { done } = progress;
  const { k, n } = unitPosition(progress);
  const percent = n > 0 ? Math.round((done / n) * 100) : 0;
  return (
    <div className="w-full max-w-xs">
      <p id="task-progress-label" className="text-base font-semibold">
        {t("progress", { k, n })}
      </p>
      <div
        role="progressbar"
        aria-labelledby="task-progress-label"
        aria-valuemin={0}
        aria-valuemax={n}
        aria-valuenow={done}
        aria-valuetext={t("progressValue", { k, n, done })}
        className="mt-1 h-2.5 w-full overflow-hidden rounded-full border border-muted bg-surface"
      >
        <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
