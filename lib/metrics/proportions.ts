// Proportions: accuracy with a Wilson score interval, the difference of two independent proportions
// (Newcombe's hybrid score interval), and McNemar's test for paired before/after answers.
import { erfc, twoSidedZ } from "./normal";
import { missing, type Result } from "./types";

export type Interval = Result<number, { lower: number; upper: number }>;

function checkCount(x: number, n: number): void {
  if (!Number.isInteger(x) || !Number.isInteger(n) || x < 0 || x > n) throw new RangeError(`need integers 0 ≤ ${x} ≤ ${n}`);
}

const zFor = twoSidedZ;

/** Wilson (1927) score limits for x/n at normal quantile z. */
export function wilson(x: number, n: number, z: number): { lower: number; upper: number } {
  const p = x / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // exactly 0 and 1 at the ends (the formula gives them up to rounding)
  return { lower: x === 0 ? 0 : Math.max(0, centre - half), upper: x === n ? 1 : Math.min(1, centre + half) };
}

/** x/n with the Wilson (1927) score interval: (p + z²/2n ± z √(p(1−p)/n + z²/4n²)) / (1 + z²/n). */
export function accuracy(correct: number, total: number, confidence = 0.95): Interval {
  checkCount(correct, total);
  if (total === 0) return missing("no answers");
  return { value: correct / total, ...wilson(correct, total, zFor(confidence)) };
}

/** p1 − p2 with Newcombe's (1998, Stat Med 17:873, method 10) hybrid score interval built from the two
 *  Wilson intervals (l_i, u_i): [d − √((p1 − l1)² + (u2 − p2)²), d + √((u1 − p1)² + (p2 − l2)²)]. */
export function diffProportions(x1: number, n1: number, x2: number, n2: number, confidence = 0.95): Interval {
  checkCount(x1, n1);
  checkCount(x2, n2);
  if (n1 === 0 || n2 === 0) return missing("a group has no answers");
  const z = zFor(confidence);
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const a = wilson(x1, n1, z);
  const b = wilson(x2, n2, z);
  const d = p1 - p2;
  return {
    value: d,
    lower: d - Math.sqrt((p1 - a.lower) ** 2 + (b.upper - p2) ** 2),
    upper: d + Math.sqrt((a.upper - p1) ** 2 + (p2 - b.lower) ** 2),
  };
}

export type McNemar = Result<number, { method: "exact" | "chi-square"; statistic: number | null; b: number; c: number }>;

/** Below this many discordant pairs the automatic choice is the exact binomial test (a common rule of thumb). */
export const MCNEMAR_EXACT_BELOW = 25;

export type McNemarMethod = "auto" | "exact" | "chi-square";

/** McNemar (1947) two-sided p-value from the discordant counts b (right→wrong) and c (wrong→right).
 *  Exact: p = min(1, 2 · P(X ≤ min(b, c))), X ~ Binomial(b + c, ½), the conditional binomial test.
 *  χ²: Edwards' continuity correction, (|b − c| − 1)² / (b + c) on 1 df, p = erfc(√(χ²/2)).
 *  "auto" (default) is exact below 25 discordant pairs and χ² from there. */
export function mcnemar(b: number, c: number, method: McNemarMethod = "auto"): McNemar {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0) throw new RangeError("discordant counts must be non-negative integers");
  const n = b + c;
  if (n === 0) return missing("no discordant pairs, so McNemar's test has nothing to test");
  if (method === "exact" || (method === "auto" && n < MCNEMAR_EXACT_BELOW)) {
    return { value: Math.min(1, 2 * binomialLowerTail(Math.min(b, c), n)), method: "exact", statistic: null, b, c };
  }
  const statistic = Math.max(0, Math.abs(b - c) - 1) ** 2 / n;
  return { value: erfc(Math.sqrt(statistic / 2)), method: "chi-square", statistic, b, c };
}

/** P(X ≤ k) for X ~ Binomial(n, ½). Up to 1000 pairs by plain products (½¹⁰⁰⁰ is still a normal double,
 *  and small cases come out exact); beyond, in logs so the terms neither underflow nor overflow. */
function binomialLowerTail(k: number, n: number): number {
  if (n <= 1000) {
    let term = Math.pow(0.5, n);
    let tail = term;
    for (let i = 1; i <= k; i++) {
      term *= (n - i + 1) / i;
      tail += term;
    }
    return tail;
  }
  let logTerm = -n * Math.LN2;
  let tail = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i);
    tail += Math.exp(logTerm);
  }
  return tail;
}

/** McNemar from paired correctness: b = right before and wrong after, c = wrong before and right after. */
export function mcnemarPaired(before: readonly boolean[], after: readonly boolean[], method: McNemarMethod = "auto"): McNemar {
  if (before.length !== after.length) throw new RangeError("before and after differ in length");
  if (before.length === 0) return missing("no pairs");
  let b = 0;
  let c = 0;
  before.forEach((x, i) => {
    if (x && !after[i]) b++;
    else if (!x && after[i]) c++;
  });
  return mcnemar(b, c, method);
}
