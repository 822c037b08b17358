import { dawidSkene, encodeRatings } from "@/lib/metrics";
import { TIE } from "@/lib/metrics/majority";
import type { Check } from "@/lib/designs/validation/checks";

// Dawid–Skene beside the majority vote: per check family (each flag, the label judgement, the
// answer key pooled: items whose options mean the same), annotator confusion matrices are
// estimated by EM from every vote, and each item's most probable label replaces the plurality.
// Several seeded starts, the best likelihood kept; iterations and convergence reported.

export interface FamilyFit {
  family: string;
  items: number;
  iterations: number;
  converged: boolean;
  logLikelihood: number;
  starts: number;
  /** per participant id: categories and the K × K confusion (rows: true label, columns: given) */
  confusion: Record<string, { categories: string[]; matrix: number[][] }>;
}

const familyOf = (check: Pick<Check, "kind" | "key">) => (check.kind === "flag" || check.kind === "label" ? check.key : "answer_key");

export function dawidSkeneConsensus(
  units: { unitId: string; checks: Check[] }[],
  responses: { unitId: string; participantId: string; answers: Record<string, string> }[],
): { byUnit: Map<string, Record<string, string | null>>; fits: FamilyFit[] } {
  const familyOfKey = new Map<string, string>();
  for (const u of units) for (const c of u.checks) familyOfKey.set(c.key, familyOf(c));
  const ratings = new Map<string, { unit: string; rater: string; label: string }[]>();
  for (const r of responses) {
    for (const [key, label] of Object.entries(r.answers)) {
      const family = familyOfKey.get(key);
      if (!family) continue;
      if (!ratings.has(family)) ratings.set(family, []);
      ratings.get(family)!.push({ unit: `${r.unitId}|${key}`, rater: r.participantId, label });
    }
  }
  const byUnit = new Map<string, Record<string, string | null>>();
  const fits: FamilyFit[] = [];
  for (const [family, list] of ratings) {
    const coded = encodeRatings(list);
    const fit = dawidSkene(coded, { starts: 5, seed: 1 });
    if (fit.value === null) continue;
    const model = fit.value;
    const K = model.categories.length;
    model.units.forEach((item, u) => {
      const [unitId, key] = [item.slice(0, item.indexOf("|")), item.slice(item.indexOf("|") + 1)];
      const label = model.labels[u]!;
      const perUnit = byUnit.get(unitId) ?? {};
      perUnit[key] = label === TIE ? null : String(model.categories[label]);
      byUnit.set(unitId, perUnit);
    });
    fits.push({
      family,
      items: model.units.length,
      iterations: model.iterations,
      converged: model.converged,
      logLikelihood: model.logLikelihood,
      starts: model.starts,
      confusion: Object.fromEntries(
        coded.raters.map((rater, i) => [rater, { categories: model.categories.map(String), matrix: Array.from({ length: K }, (_, t) => Array.from(model.confusion[i]!.slice(t * K, t * K + K))) }]),
      ),
    });
  }
  return { byUnit, fits };
}
