// Published reliability data, typed in from the sources named in each comment.
import { countMatrix, countMatrixFromRows, encodeRatings, seededRandom, type Rating } from "@/lib/metrics";

/** Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C (nominal data, any number
 *  of observers, missing data): observers A–D × units 1–12, null = missing. Unit 12 has one value. */
export const KRIPPENDORFF_2011: Record<string, (number | null)[]> = {
  A: [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  B: [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  C: [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  D: [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
};

export function fromTable(table: Record<string, (number | string | null)[]>): Rating[] {
  return Object.entries(table).flatMap(([rater, values]) =>
    values.flatMap((label, i) => (label === null ? [] : [{ unit: `u${i + 1}`, rater, label }])),
  );
}

/** Fleiss (1971) as reproduced on Wikipedia ("Fleiss' kappa", worked example): 10 subjects, 14 raters,
 *  5 categories, counts per subject and category. Published: P̄ = 0.378, P̄e = 0.213, κ = 0.210. */
export const FLEISS_WIKIPEDIA = [
  [0, 0, 0, 0, 14],
  [0, 2, 6, 4, 2],
  [0, 0, 3, 5, 6],
  [0, 3, 9, 2, 0],
  [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0],
  [3, 2, 6, 3, 0],
  [2, 5, 3, 2, 2],
  [6, 5, 2, 1, 0],
  [0, 2, 2, 3, 7],
];

export function matrixOf(ratings: Rating[]) {
  return countMatrix(encodeRatings(ratings));
}

export const fleissMatrix = () => countMatrixFromRows(FLEISS_WIKIPEDIA);

/** Seeded random ratings: `raters` raters, each rating a unit with probability `coverage`. */
export function randomRatings(seed: number, units: number, raters: number, categories: number, coverage = 1): Rating[] {
  const random = seededRandom(seed);
  const out: Rating[] = [];
  for (let u = 0; u < units; u++) {
    for (let r = 0; r < raters; r++) {
      if (random() < coverage) out.push({ unit: `u${u}`, rater: `r${r}`, label: 1 + Math.floor(random() * categories) });
    }
  }
  return out;
}

export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Relabels raters (or units) through a permutation of their ids. */
export function renamed(ratings: Rating[], key: "rater" | "unit", seed: number): Rating[] {
  const ids = [...new Set(ratings.map((r) => r[key]))];
  const perm = shuffled(ids, seed);
  const map = new Map(ids.map((id, i) => [id, perm[i]!]));
  return ratings.map((r) => ({ ...r, [key]: map.get(r[key])! }));
}
