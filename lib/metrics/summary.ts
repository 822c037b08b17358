// Every agreement figure for one set of ratings, with notes explaining each missing value.
// Shared by the `agreement` CLI command and the metrics benchmark.
import { percentAgreement } from "./agreement";
import { cohenKappa, pairTable } from "./cohen";
import { countMatrix } from "./counts";
import type { CodedRatings } from "./encode";
import { fleissKappa } from "./fleiss";
import { gwetAC1 } from "./gwet";
import { krippendorffAlpha, type AlphaLevel } from "./krippendorff";
import { majorityVote } from "./majority";
import { missing, type Result } from "./types";

export interface AgreementSummary {
  units: number;
  raters: number;
  ratings: number;
  level: AlphaLevel;
  percentAgreement: Result;
  fleissKappa: Result;
  krippendorffAlpha: Result;
  gwetAC1: Result;
  /** Only for exactly two raters. */
  cohenKappa: Result;
  /** Only for exactly two raters and a non-nominal level. */
  weightedCohenKappa: { linear: Result; quadratic: Result } | null;
  majority: { withMajority: number; ties: number };
  notes: string[];
}

function note(name: string, r: Result): string[] {
  if (r.value !== null) return [];
  return [r.reason.startsWith(name) ? r.reason : `${name}: ${r.reason}`];
}

export function agreementSummary(c: CodedRatings, level: AlphaLevel = "nominal"): AgreementSummary {
  const m = countMatrix(c);
  const vote = majorityVote(m);
  const twoRaters = c.raters.length === 2;
  const table = twoRaters ? pairTable(c, 0, 1) : null;
  const summary: AgreementSummary = {
    units: c.units.length,
    raters: c.raters.length,
    ratings: c.unit.length,
    level,
    percentAgreement: percentAgreement(m),
    fleissKappa: fleissKappa(m),
    krippendorffAlpha: krippendorffAlpha(m, level),
    gwetAC1: gwetAC1(m),
    cohenKappa: table ? cohenKappa(table) : missing(`needs exactly 2 raters; there are ${c.raters.length}`),
    weightedCohenKappa: table && level !== "nominal" ? { linear: cohenKappa(table, "linear"), quadratic: cohenKappa(table, "quadratic") } : null,
    majority: { withMajority: vote.withMajority, ties: vote.ties },
    notes: [],
  };
  let single = 0;
  for (const n of m.total) if (n === 1) single++;
  if (single > 0 && single < m.total.length) {
    summary.notes.push(`${single} of ${m.total.length} units have a single rating and are left out of agreement (not of majority)`);
  }
  summary.notes.push(
    ...note("percent agreement", summary.percentAgreement),
    ...note("Fleiss' κ", summary.fleissKappa),
    ...note(`Krippendorff's α (${level})`, summary.krippendorffAlpha),
    ...note("Gwet's AC1", summary.gwetAC1),
    ...note("Cohen's κ", summary.cohenKappa),
  );
  return summary;
}
