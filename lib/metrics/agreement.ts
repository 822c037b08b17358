// Percent agreement: P̄ = mean over units with n_u ≥ 2 of Σ_k n_uk(n_uk − 1) / (n_u(n_u − 1)),
// the share of agreeing rater pairs per unit (Fleiss 1971, eq. 2; the P̄ of Fleiss' κ).
import type { CountMatrix } from "./counts";
import { missing, type Result } from "./types";

/** Mean pairwise agreement and the number of units it averages over. */
export function observedAgreement(m: CountMatrix): { mean: number; units: number } {
  let sum = 0;
  let units = 0;
  for (let u = 0; u < m.total.length; u++) {
    const n = m.total[u]!;
    if (n < 2) continue;
    let pairs = 0;
    for (let e = m.start[u]!; e < m.start[u + 1]!; e++) pairs += m.count[e]! * (m.count[e]! - 1);
    sum += pairs / (n * (n - 1));
    units++;
  }
  return { mean: units > 0 ? sum / units : 0, units };
}

export function percentAgreement(m: CountMatrix): Result {
  if (m.total.length === 0) return missing("no ratings");
  const { mean, units } = observedAgreement(m);
  if (units === 0) return missing("no unit has two or more ratings (a single rater?)");
  return { value: mean };
}
