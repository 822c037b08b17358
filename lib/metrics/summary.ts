// Every agreement figure for one set of ratings, with notes explaining each missing value.
// Shared by the `agreement` CLI command and the metrics benchmark.
import { percentAgreement } from "./agreement";
import { cohenKappa, pairTable } from "./cohen";
import { countMatrix, type CountMatrix } from "./counts";
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
  /** Only for exactly two raters and ordered categories (a non-nominal level, or `ordered`). */
  weightedCohenKappa: { linear: Result; quadratic: Result } | null;
  majority: { withMajority: number; ties: number };
  notes: string[];
}

function note(name: string, r: Result): string[] {
  if (r.value !== null) return [];
  return [r.reason.startsWith(name) ? r.reason : `${name}: ${r.reason}`];
}

export interface SummaryOptions {
  /** The categories are in scale order (e.g. declared low,mid,high), so weighted κ means something even at
   *  the nominal level of α. Numeric labels at a non-nominal level are always ordered. */
  ordered?: boolean;
}

export function agreementSummary(c: CodedRatings, level: AlphaLevel = "nominal", options: SummaryOptions = {}): AgreementSummary {
  const twoRaters = c.raters.length === 2;
  return summarize(countMatrix(c), { raters: c.raters.length, units: c.units.length, ratings: c.unit.length }, twoRaters ? pairTable(c, 0, 1) : null, level, options);
}

/** The same summary from unit × category counts alone (aggregated in SQL, say). Cohen's κ needs
 *  to know who gave which rating, so with exactly two raters use agreementSummary instead. */
export function agreementSummaryOfCounts(m: CountMatrix, raters: number, level: AlphaLevel = "nominal", options: SummaryOptions = {}): AgreementSummary {
  if (raters === 2) throw new RangeError("two raters: Cohen's κ needs the ratings themselves (agreementSummary)");
  let ratings = 0;
  for (const n of m.total) ratings += n;
  return summarize(m, { raters, units: m.total.length, ratings }, null, level, options);
}

function summarize(m: CountMatrix, size: { raters: number; units: number; ratings: number }, table: ReturnType<typeof pairTable> | null, level: AlphaLevel, options: SummaryOptions): AgreementSummary {
  const ordered = options.ordered === true || level !== "nominal";
  const vote = majorityVote(m);
  const summary: AgreementSummary = {
    units: size.units,
    raters: size.raters,
    ratings: size.ratings,
    level,
    percentAgreement: percentAgreement(m),
    fleissKappa: fleissKappa(m),
    krippendorffAlpha: krippendorffAlpha(m, level),
    gwetAC1: gwetAC1(m),
    cohenKappa: table ? cohenKappa(table) : missing(`needs exactly 2 raters; there are ${size.raters}`),
    weightedCohenKappa: table && ordered ? { linear: cohenKappa(table, "linear"), quadratic: cohenKappa(table, "quadratic") } : null,
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
  if (summary.weightedCohenKappa && summary.cohenKappa.value !== null) {
    // (when plain κ is missing, its note already says why the weighted ones are)
    summary.notes.push(...note("weighted κ (linear)", summary.weightedCohenKappa.linear), ...note("weighted κ (quadratic)", summary.weightedCohenKappa.quadratic));
  } else if (ordered && !table) {
    summary.notes.push(`weighted κ: needs exactly 2 raters; there are ${size.raters}`);
  }
  return summary;
}
