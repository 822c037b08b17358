import { useTranslations } from "next-intl";

type State = "draft" | "open" | "paused" | "closed";

const STYLES: Record<State, string> = {
  draft: "border-line bg-bg text-ink",
  open: "border-success bg-success-soft text-success",
  paused: "border-warning bg-warning-soft text-warning",
  closed: "border-line bg-surface text-muted",
};

/** The study's state as a word (colour only repeats it). */
export function StateBadge({ state }: { state: State }) {
  const t = useTranslations("console.studies.state");
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STYLES[state]}`}>
      <span className="sr-only">{t("label")}</span>
      {t(state)}
    </span>
  );
}
