import { useTranslations } from "next-intl";
import type { Decision } from "@/components/studies/format";

const STYLES: Record<Decision, string> = {
  keep: "border-success bg-success-soft text-success",
  reject: "border-danger bg-danger-soft text-danger",
  needs_review: "border-warning bg-warning-soft text-warning",
  incomplete: "border-line bg-bg text-muted",
};

export function DecisionBadge({ decision }: { decision: Decision }) {
  const t = useTranslations("console.studies.decisions");
  return <span className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STYLES[decision]}`}>{t(decision)}</span>;
}
