// Gwet's AC1 (Gwet 2008, "Computing inter-rater reliability and its variance in the presence of high
// agreement", BJMSP 61; multi-rater form with missing ratings from Gwet 2014, Handbook of Inter-Rater
// Reliability, ch. 4): AC1 = (pa − pe) / (1 − pe), pa = mean per-unit pairwise agreement over units
// with ≥ 2 ratings, pe = Σ_k π_k(1 − π_k) / (Q − 1), π_k = mean over rated units of n_uk / n_u,
// Q = number of categories (those seen, plus any declared to the encoder).
import { observedAgreement } from "./agreement";
import type { CountMatrix } from "./counts";
import { checked, missing, type Result } from "./types";

export function gwetAC1(m: CountMatrix): Result {
  const q = m.categories.length;
  if (m.total.length === 0) return missing("no ratings");
  if (q < 2) return missing("only one category, so AC1 is undefined (Q − 1 = 0)");
  const { mean: pa, units } = observedAgreement(m);
  if (units === 0) return missing("no unit has two or more ratings (a single rater?)");
  const pi = new Float64Array(q);
  let rated = 0;
  for (let u = 0; u < m.total.length; u++) {
    const n = m.total[u]!;
    if (n === 0) continue;
    rated++;
    for (let e = m.start[u]!; e < m.start[u + 1]!; e++) pi[m.category[e]!]! += m.count[e]! / n;
  }
  let pe = 0;
  for (const s of pi) pe += (s / rated) * (1 - s / rated);
  pe /= q - 1;
  return checked((pa - pe) / (1 - pe), "AC1 is undefined for this input");
}
