import { formatCounts, optionLabel } from "@/components/studies/format";
import type { CheckTally as CheckResult, VoteCheck } from "@/lib/designs";

type CheckOption = VoteCheck["options"][number];

/** A tie, in words (never colour alone). */
export function TieMarker() {
  return (
    <span className="inline-flex items-center rounded border border-warning bg-warning-soft px-1.5 text-xs font-bold tracking-wide text-warning">
      TIE
    </span>
  );
}

// One check's votes on one unit: counts, then the majority (or TIE), then any adjudication.
export function VoteSummary({ result, options }: { result: CheckResult | undefined; options: CheckOption[] }) {
  if (!result || result.votes === 0) return <span className="text-muted">{result?.adjudicated ? `Adjudicated: ${optionLabel(options, result.adjudicated)}` : "no votes"}</span>;
  return (
    <div className="space-y-0.5">
      <div className="tabular-nums">{formatCounts(result.counts, options)}</div>
      <div className="text-muted">
        {result.tie ? <><TieMarker /> no majority</> : <>Majority: <span className="text-ink">{optionLabel(options, result.majority)}</span></>}
      </div>
      {result.adjudicated !== null && (
        <div>
          Adjudicated: <strong>{optionLabel(options, result.adjudicated)}</strong>
        </div>
      )}
    </div>
  );
}
