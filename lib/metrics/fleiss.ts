// Fleiss' κ (Fleiss 1971, "Measuring nominal scale agreement among many raters"):
// κ = (P̄ − P̄e) / (1 − P̄e), P̄ = mean per-unit pairwise agreement, P̄e = Σ_k p_k², p_k = share of all
// ratings in category k. Defined only when every unit has the same number n ≥ 2 of ratings.
import { observedAgreement } from "./agreement";
import { categoryTotals, type CountMatrix } from "./counts";
import { checked, missing, type Result } from "./types";

export const UNEQUAL_RATERS = "Fleiss' κ needs the same number of raters per unit; unit counts differ, see α";

export function fleissKappa(m: CountMatrix): Result {
  const nUnits = m.total.length;
  if (nUnits === 0) return missing("no ratings");
  const n = m.total[0]!;
  for (let u = 1; u < nUnits; u++) if (m.total[u] !== n) return missing(UNEQUAL_RATERS);
  if (n < 2) return missing("Fleiss' κ needs at least two raters per unit");
  const totals = categoryTotals(m);
  const all = nUnits * n;
  let pe = 0;
  for (const t of totals) pe += (t / all) ** 2;
  if (pe >= 1 - 1e-12) return missing("only one category was used, so chance agreement is 1 and κ is undefined");
  const p = observedAgreement(m).mean;
  return checked((p - pe) / (1 - pe), "Fleiss' κ is undefined for this input");
}
