import type { AgreementFigures } from "@/lib/designs/types";
import type { Criterion } from "@/lib/designs/checklist/criteria";
import { agreementSummary, cohenKappa, encodeRatings, pairTable, type AlphaLevel, type Label, type Rating } from "@/lib/metrics";

// Agreement per criterion, from lib/metrics over long-format ratings (unit = study unit, rater =
// reviewer, label = the raw answer; the 1–5 scale as numbers at the ordinal level of α).
//
// Cohen's κ is for two reviewers per unit (N = 2). When the whole study has exactly two
// reviewers it is their κ. When more people share the work (DIAMONDs: 5 experts, 2 per sample)
// each unit's first and second review (in submission order) stand for "reviewer A" and
// "reviewer B", the usual reading of κ for a rotating pair; the note says so.

export interface CriterionFigures extends AgreementFigures {
  cohenKappa: number | null;
  level: AlphaLevel;
}

export interface CriterionAgreement {
  check: string;
  label: string;
  figures: CriterionFigures;
}

export interface ReviewRow {
  unitId: string;
  participantId: string;
  answers: Record<string, string>;
}

const labelOf = (c: Criterion, value: string): Label => (c.answer === "scale_1_5" ? Number(value) : value);

function kappa(c: Criterion, reviews: ReviewRow[], categories: Label[], reviewers: number, n: number): { value: number | null; note: string | null } {
  if (n !== 2) return { value: null, note: `Cohen's κ: for two reviewers per unit; this study asks ${n} (see Fleiss' κ and α)` };
  const byUnit = new Map<string, Label[]>();
  for (const r of reviews) {
    const v = r.answers[c.key];
    if (v === undefined) continue;
    byUnit.set(r.unitId, [...(byUnit.get(r.unitId) ?? []), labelOf(c, v)]);
  }
  let ratings: Rating[];
  let note: string | null = null;
  if (reviewers === 2) {
    ratings = reviews.flatMap((r) => (r.answers[c.key] !== undefined ? [{ unit: r.unitId, rater: r.participantId, label: labelOf(c, r.answers[c.key]!) }] : []));
  } else {
    ratings = [...byUnit].flatMap(([unit, labels]) => (labels.length >= 2 ? [{ unit, rater: "first", label: labels[0]! }, { unit, rater: "second", label: labels[1]! }] : []));
    note = `Cohen's κ: ${reviewers} reviewers share the units, so each unit's first and second review stand for the two raters`;
  }
  const coded = encodeRatings(ratings, categories);
  if (coded.raters.length < 2) return { value: null, note: "Cohen's κ: no unit has two reviews yet" };
  const k = cohenKappa(pairTable(coded, 0, 1));
  return { value: k.value, note: k.value === null ? `Cohen's κ: ${k.reason}` : note };
}

export function criterionAgreement(criteria: Criterion[], reviews: ReviewRow[], n: number): CriterionAgreement[] {
  const reviewers = new Set(reviews.map((r) => r.participantId)).size;
  return criteria.map((c) => {
    const categories = c.options.map((o) => labelOf(c, o.value));
    const level: AlphaLevel = c.answer === "scale_1_5" ? "ordinal" : "nominal";
    const ratings = reviews.flatMap((r) => (r.answers[c.key] !== undefined ? [{ unit: r.unitId, rater: r.participantId, label: labelOf(c, r.answers[c.key]!) }] : []));
    const s = agreementSummary(encodeRatings(ratings, categories), level);
    const k = kappa(c, reviews, categories, reviewers, n);
    return {
      check: c.key,
      label: `${c.checklist.title}: ${c.prompt}`,
      figures: {
        items: s.units,
        ratings: s.ratings,
        fleissKappa: s.fleissKappa.value,
        krippendorffAlpha: s.krippendorffAlpha.value,
        percentAgreement: s.percentAgreement.value,
        gwetAC1: s.gwetAC1.value,
        cohenKappa: k.value,
        level,
        // the summary's own κ note is about the raters overall; ours says how κ was paired
        notes: [...s.notes.filter((x) => !x.startsWith("Cohen's κ") && !x.startsWith("weighted κ")), ...(k.note ? [k.note] : [])],
      },
    };
  });
}
