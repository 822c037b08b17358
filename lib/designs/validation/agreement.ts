import { declaredFamilies, type AgreementFigures } from "@/lib/designs/types";
import type { UnitTallies } from "@/lib/designs/validation/aggregate";
import type { Check } from "@/lib/designs/validation/checks";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { validationFamilies } from "@/lib/designs/validation/families";
import { agreementSummary, agreementSummaryOfCounts, countMatrixOf, encodeRatings, type AgreementSummary, type Rating } from "@/lib/metrics";

// Agreement per check family (each flag, the label judgement, the answer key pooled), from
// lib/metrics: item = unit × check, rater = participant. From the ratings themselves, or from
// vote counts per item (aggregated in SQL) and the number of raters, which give the same figures.

type Figures = { check: string; label: string; figures: AgreementFigures }[];

function family(check: Check): string {
  return check.kind === "flag" || check.kind === "label" ? check.key : "answer_key";
}

/** A check key's family, from the key alone (answer-key checks are keyed by question). */
export function familyOfKey(key: string): string {
  return key.startsWith("flag:") || key === "label" ? key : "answer_key";
}

function labelsOf(config: ValidationConfig): Record<string, string> {
  const declared = validationFamilies(config);
  return Object.fromEntries(declaredFamilies(declared).map((f) => [f.key, f.label]));
}

/** Families in the order the dashboard lists them: the flags as configured, the label, the answer key. */
function ordered<T>(config: ValidationConfig, families: Map<string, T>): [string, T][] {
  const order = [...(config.contextChecks?.flags ?? []).map((f) => `flag:${f.key}`), "label", "answer_key"];
  const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
  return [...families.entries()].sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].localeCompare(b[0]));
}

function figures(s: AgreementSummary): AgreementFigures {
  return {
    items: s.units,
    ratings: s.ratings,
    fleissKappa: s.fleissKappa.value,
    krippendorffAlpha: s.krippendorffAlpha.value,
    percentAgreement: s.percentAgreement.value,
    gwetAC1: s.gwetAC1.value,
    notes: s.notes,
  };
}

export function checkAgreement(
  config: ValidationConfig,
  units: { unitId: string; checks: Check[] }[],
  responses: { unitId: string; participantId: string; answers: Record<string, string> }[],
): Figures {
  const families = new Map<string, Rating[]>();
  const checksByUnit = new Map(units.map((u) => [u.unitId, u.checks]));
  for (const r of responses) {
    for (const check of checksByUnit.get(r.unitId) ?? []) {
      const value = r.answers[check.key];
      if (value === undefined) continue;
      const f = family(check);
      if (!families.has(f)) families.set(f, []);
      families.get(f)!.push({ unit: `${r.unitId}|${check.key}`, rater: r.participantId, label: value });
    }
  }
  const labels = labelsOf(config);
  return ordered(config, families).map(([check, ratings]) => ({ check, label: labels[check] ?? check, figures: figures(agreementSummary(encodeRatings(ratings))) }));
}

function anyVote(counts: Readonly<Record<string, number>>): boolean {
  for (const label in counts) if (counts[label]! > 0) return true;
  return false;
}

/** Count rows of a family (label → votes, one per item) by what they hold: family → row key → items. */
export type CountPatterns = Map<string, Map<string, number>>;

/** A count row's key: its labels with votes, in label order. */
export function patternKey(counts: Readonly<Record<string, number>>): string {
  const present: [string, number][] = [];
  for (const label in counts) if (counts[label]! > 0) present.push([label, counts[label]!]);
  present.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return JSON.stringify(present);
}

export function addPattern(patterns: CountPatterns, family: string, counts: Readonly<Record<string, number>>, items = 1): void {
  let rows = patterns.get(family);
  if (!rows) patterns.set(family, (rows = new Map()));
  const key = patternKey(counts);
  rows.set(key, (rows.get(key) ?? 0) + items);
}

/** A unit tally's count rows (PostgreSQL's jsonb text: check key → label → votes), as many times as
 *  `units` units hold it: what readPatterns (summary.ts) groups in PostgreSQL. */
export function addTallyPatterns(patterns: CountPatterns, votes: string, units: number): void {
  const tally = JSON.parse(votes) as Record<string, Record<string, number>>;
  for (const key in tally) addPattern(patterns, familyOfKey(key), tally[key]!, units);
}

/** The figures of each family from its count rows, taken in one order (by key) wherever they were
 *  counted, so the results and the page summary (summary.ts) give the same floating-point figures. */
export function agreementOfPatterns(config: ValidationConfig, patterns: CountPatterns, raters: Map<string, number>): Figures {
  const labels = labelsOf(config);
  return ordered(config, patterns).map(([check, byKey]) => {
    const rows: Record<string, number>[] = [];
    for (const key of [...byKey.keys()].sort()) {
      const counts = Object.fromEntries(JSON.parse(key) as [string, number][]);
      for (let i = byKey.get(key)!; i > 0; i--) rows.push(counts);
    }
    return { check, label: labels[check] ?? check, figures: figures(agreementSummaryOfCounts(countMatrixOf(rows), raters.get(check) ?? 0)) };
  });
}

/** The same figures from vote counts per unit and check, and the distinct raters of each family (never exactly 2). */
export function agreementFromCounts(
  config: ValidationConfig,
  units: { unitId: string; checks: Check[] }[],
  tallies: Map<string, UnitTallies>,
  raters: Map<string, number>,
): Figures {
  const patterns: CountPatterns = new Map();
  for (const u of units) {
    const perUnit = tallies.get(u.unitId);
    if (!perUnit) continue;
    for (const check of u.checks) {
      const counts = perUnit.get(check.key);
      if (!counts || !anyVote(counts)) continue;
      addPattern(patterns, family(check), counts);
    }
  }
  return agreementOfPatterns(config, patterns, raters);
}
