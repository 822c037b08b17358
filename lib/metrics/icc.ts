// Intraclass correlation (Shrout & Fleiss 1979, "Intraclass correlations: uses in assessing rater
// reliability", Psychol Bull 86:420), from the two-way ANOVA of n targets × k judges (complete data):
// BMS (between targets), JMS (between judges), EMS (residual), WMS (within targets, judges + residual).
//   ICC(1,1) = (BMS − WMS) / (BMS + (k−1)WMS)                 one-way random: each target its own judges
//   ICC(2,1) = (BMS − EMS) / (BMS + (k−1)EMS + k(JMS − EMS)/n)  two-way random: judges sampled, absolute agreement
//   ICC(3,1) = (BMS − EMS) / (BMS + (k−1)EMS)                 two-way mixed: these judges, consistency
//   ICC(1,k) = (BMS − WMS) / BMS; ICC(2,k) = (BMS − EMS) / (BMS + (JMS − EMS)/n); ICC(3,k) = (BMS − EMS) / BMS
// The ",k" forms are the reliability of the mean of the k judges.
import type { CodedRatings } from "./encode";
import { checked, missing, type Result } from "./types";

export type IccForm = "1,1" | "2,1" | "3,1" | "1,k" | "2,k" | "3,k";

export interface MeanSquares {
  targets: number;
  judges: number;
  bms: number;
  jms: number;
  ems: number;
  wms: number;
}

/** The ANOVA mean squares of a targets × judges table (one row per target, one column per judge). */
export function iccMeanSquares(rows: readonly (readonly number[])[]): Result<MeanSquares> {
  const n = rows.length;
  const k = rows[0]?.length ?? 0;
  if (n < 2) return missing(`the ICC needs at least 2 targets; there are ${n}`);
  if (k < 2) return missing(`the ICC needs at least 2 judges; there are ${k}`);
  for (let i = 0; i < n; i++) {
    if (rows[i]!.length !== k) return missing(`target ${i + 1} has ${rows[i]!.length} ratings, expected ${k} (the ICC needs complete data)`);
    if (!rows[i]!.every(Number.isFinite)) return missing(`target ${i + 1} has a rating that is not a finite number`);
  }
  let grand = 0;
  for (const row of rows) for (const x of row) grand += x / (n * k);
  const colMean = new Float64Array(k);
  for (const row of rows) row.forEach((x, j) => (colMean[j]! += x / n));
  let ssRows = 0;
  let ssTotal = 0;
  for (const row of rows) {
    const mean = row.reduce((s, x) => s + x, 0) / k;
    ssRows += k * (mean - grand) ** 2;
    for (const x of row) ssTotal += (x - grand) ** 2;
  }
  let ssCols = 0;
  for (const m of colMean) ssCols += n * (m - grand) ** 2;
  const ssError = Math.max(0, ssTotal - ssRows - ssCols);
  return {
    value: {
      targets: n,
      judges: k,
      bms: ssRows / (n - 1),
      jms: ssCols / (k - 1),
      ems: ssError / ((n - 1) * (k - 1)),
      wms: (ssTotal - ssRows) / (n * (k - 1)),
    },
  };
}

export function icc(rows: readonly (readonly number[])[], form: IccForm = "2,1"): Result<number, { targets: number; judges: number }> {
  const ms = iccMeanSquares(rows);
  if (ms.value === null) return ms;
  const { targets: n, judges: k, bms, jms, ems, wms } = ms.value;
  const ratio: Record<IccForm, [number, number]> = {
    "1,1": [bms - wms, bms + (k - 1) * wms],
    "2,1": [bms - ems, bms + (k - 1) * ems + (k * (jms - ems)) / n],
    "3,1": [bms - ems, bms + (k - 1) * ems],
    "1,k": [bms - wms, bms],
    "2,k": [bms - ems, bms + (jms - ems) / n],
    "3,k": [bms - ems, bms],
  };
  const [num, den] = ratio[form];
  if (den === 0) return missing("every rating is the same, so the ICC is undefined");
  const value = checked(num / den, "the ICC is undefined for this input");
  return value.value === null ? value : { value: value.value, targets: n, judges: k };
}

/** The targets × judges table of numeric long-format ratings: one row per unit rated by every rater (unit
 *  order), one column per rater; units missing a rater are dropped and counted, since the ICC needs a full table. */
export function ratingTable(c: CodedRatings): Result<{ rows: number[][]; units: string[]; dropped: number }> {
  const bad = c.categories.find((v) => typeof v !== "number");
  if (bad !== undefined) return missing(`the ICC needs numeric ratings; "${String(bad)}" is not a number`);
  const k = c.raters.length;
  const cells = Array.from({ length: c.units.length }, () => new Array<number>(k).fill(NaN));
  for (let i = 0; i < c.unit.length; i++) cells[c.unit[i]!]![c.rater[i]!] = c.categories[c.label[i]!] as number;
  const rows: number[][] = [];
  const units: string[] = [];
  cells.forEach((row, u) => {
    if (row.every((x) => !Number.isNaN(x))) {
      rows.push(row);
      units.push(c.units[u]!);
    }
  });
  return { value: { rows, units, dropped: c.units.length - rows.length } };
}
