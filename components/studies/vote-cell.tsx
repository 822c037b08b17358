import { useTranslations } from "next-intl";
import { formatCounts, optionLabel } from "@/components/studies/format";
import type { CheckTally as CheckResult, VoteCheck } from "@/lib/designs";

type CheckOption = VoteCheck["options"][number];

/** A tie, in words (never colour alone). */
export function TieMarker() {
  const t = useTranslations("console.studies.votes");
  return (
    <span className="inline-flex items-center rounded border border-warning bg-warning-soft px-1.5 text-xs font-bold tracking-wide text-warning">
      {t("tie")}
    </span>
  );
}

// One check's votes on one unit: counts, then the majority (or TIE), then any adjudication.
export function VoteSummary({ result, options }: { result: CheckResult | undefined; options: CheckOption[] }) {
  const t = useTranslations("console.studies.votes");
  if (!result || result.votes === 0) return <span className="text-muted">{result?.adjudicated ? t("adjudicatedText", { option: optionLabel(options, result.adjudicated) }) : t("noVotes")}</span>;
  return (
    <div className="space-y-0.5">
      <div className="tabular-nums">{formatCounts(result.counts, options)}</div>
      <div className="text-muted">
        {result.tie ? (
          <>
            <TieMarker /> {t("noMajority")}
          </>
        ) : (
          t.rich("majority", { option: optionLabel(options, result.majority), b: (chunks) => <span className="text-ink">{chunks}</span> })
        )}
      </div>
      {result.adjudicated !== null && (
        <div>
          {t.rich("adjudicated", { option: optionLabel(options, result.adjudicated), b: (chunks) => <strong>{chunks}</strong> })}
        </div>
      )}
    </div>
  );
}
