import type { AgreementFigures } from "@/lib/designs/types";
import type { Check } from "@/lib/designs/validation/checks";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { validationFamilies } from "@/lib/designs/validation/families";
import { agreementSummary, encodeRatings, type Rating } from "@/lib/metrics";

// Agreement per check family (each flag, the label judgement, the answer key pooled), from
// lib/metrics over long-format ratings: unit = unit × check item, rater = participant.

function family(check: Check): string {
  return check.kind === "flag" || check.kind === "label" ? check.key : "answer_key";
}

export function checkAgreement(
  config: ValidationConfig,
  units: { unitId: string; checks: Check[] }[],
  responses: { unitId: string; participantId: string; answers: Record<string, string> }[],
): { check: string; label: string; figures: AgreementFigures }[] {
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
  const declared = validationFamilies(config);
  const labels: Record<string, string> = Object.fromEntries([...declared.own, ...(declared.pooled ? [declared.pooled] : [])].map((f) => [f.key, f.label]));
  return [...families.entries()].map(([check, ratings]) => {
    const s = agreementSummary(encodeRatings(ratings));
    return {
      check,
      label: labels[check] ?? check,
      figures: {
        items: s.units,
        ratings: s.ratings,
        fleissKappa: s.fleissKappa.value,
        krippendorffAlpha: s.krippendorffAlpha.value,
        percentAgreement: s.percentAgreement.value,
        gwetAC1: s.gwetAC1.value,
        notes: s.notes,
      },
    };
  });
}
