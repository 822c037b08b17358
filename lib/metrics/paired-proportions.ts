// The difference of two proportions measured on the same items (one group answers each question, another
// group answers the same question): θ = p1 − p2 = (f − g)/n from the paired table e = both right, f = only
// the first right, g = only the second right, h = neither. Interval: Newcombe's (1998, "Improved confidence
// intervals for the difference between binomial proportions based on paired data", Stat Med 17:2635)
// method 10, the Wilson limits (l_i, u_i) of p1 = (e + f)/n and p2 = (e + g)/n combined with a correlation
// estimate φ: L = θ − √((p1 − l1)² − 2φ(p1 − l1)(u2 − p2) + (u2 − p2)²), U = θ + √((u1 − p1)² − 2φ(u1 − p1)(p2 − l2) + (p2 − l2)²).
// With A = eh − fg and D = (e+f)(g+h)(e+g)(f+h), Newcombe's φ is (A − n/2)/√D when A > n/2, 0 when
// 0 ≤ A ≤ n/2, A/√D when A < 0, and 0 when a margin is empty (so D = 0). The n/2 correction keeps the
// interval from collapsing to a point when every pair agrees. Also called the square-and-add interval
// (Fagerland, Lydersen & Laake 2017, Statistical Analysis of Contingency Tables, ch. 8).
import { twoSidedZ } from "./normal";
import { wilson, type Interval } from "./proportions";
import { missing } from "./types";

export interface PairedTable {
  /** e: both right. */
  both: number;
  /** f: only the first right. */
  firstOnly: number;
  /** g: only the second right. */
  secondOnly: number;
  /** h: neither right. */
  neither: number;
}

/** The paired table from per-item correctness of the first and the second group (same item order). */
export function pairedTable(first: readonly boolean[], second: readonly boolean[]): PairedTable {
  if (first.length !== second.length) throw new RangeError(`first has ${first.length} items and second ${second.length}`);
  const t: PairedTable = { both: 0, firstOnly: 0, secondOnly: 0, neither: 0 };
  first.forEach((a, i) => {
    if (a && second[i]) t.both++;
    else if (a) t.firstOnly++;
    else if (second[i]) t.secondOnly++;
    else t.neither++;
  });
  return t;
}

export function pairedDiffProportions(t: PairedTable, confidence = 0.95): Interval {
  const { both: e, firstOnly: f, secondOnly: g, neither: h } = t;
  for (const x of [e, f, g, h]) if (!Number.isInteger(x) || x < 0) throw new RangeError(`paired counts must be non-negative integers, got ${x}`);
  const n = e + f + g + h;
  if (n === 0) return missing("no paired items");
  const z = twoSidedZ(confidence);
  const p1 = (e + f) / n;
  const p2 = (e + g) / n;
  const a = wilson(e + f, n, z);
  const b = wilson(e + g, n, z);
  const margins = (e + f) * (g + h) * (e + g) * (f + h);
  const excess = e * h - f * g;
  const phi = margins === 0 ? 0 : (excess > n / 2 ? excess - n / 2 : Math.min(excess, 0)) / Math.sqrt(margins);
  const d = p1 - p2;
  const below = (p1 - a.lower) ** 2 - 2 * phi * (p1 - a.lower) * (b.upper - p2) + (b.upper - p2) ** 2;
  const above = (a.upper - p1) ** 2 - 2 * phi * (a.upper - p1) * (p2 - b.lower) + (p2 - b.lower) ** 2;
  return { value: d, lower: d - Math.sqrt(Math.max(0, below)), upper: d + Math.sqrt(Math.max(0, above)) };
}
