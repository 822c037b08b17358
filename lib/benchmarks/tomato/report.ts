import {
  resultsRow,
  scoreResults,
  tabulate,
  tagBool,
  tagText,
  totals,
  type BenchmarkReport,
  type ResultInput,
} from "@/lib/benchmarks/report";
import { TOMATO_MENTAL_STATES, tomatoOrder } from "@/lib/benchmarks/tomato/score";

// ToMATO report. Mirrors Table 3 of Shinoda et al. (2025): accuracy per mental state (B, I, D, E, K)
// for first-order, second-order and the false-belief subset (FB), plus ALL. The FB questions are
// second-order questions too, so they also count in the 2nd-order rows, as in the paper where
// ToMATO-FB is a subset of ToMATO. ALL pools every question once (the paper's human ALL, 87.3, is the
// same figure because its 15 subsets were all 32 questions).

export function tomatoReport(results: readonly ResultInput[]): BenchmarkReport {
  const scored = scoreResults(results);
  const order = { mental_state: TOMATO_MENTAL_STATES, order: ["1st", "2nd"] };
  const fb = scored.filter((r) => tagBool(r, "false_belief") === true);
  const notes: string[] = [];
  const untagged = scored.filter((r) => tagText(r, "mental_state") === null || tomatoOrder(r.question) === null).length;
  if (untagged) notes.push(`${untagged} results lack a mental_state or order tag and appear only in ALL.`);
  return {
    benchmark: "tomato",
    tables: [
      {
        id: "mental_state_order",
        title: "By mental state × order (Table 3, 1st / 2nd)",
        rows: tabulate(scored, { mental_state: (r) => tagText(r, "mental_state"), order: (r) => tomatoOrder(r.question) }, { order }),
      },
      {
        id: "false_belief",
        title: "False-belief subset, ToMATO-FB (Table 3, FB)",
        rows: [...tabulate(fb, { mental_state: (r) => tagText(r, "mental_state") }, { order }), ...(fb.length ? [resultsRow({ mental_state: "All" }, fb)] : [])],
      },
      { id: "overall", title: "ALL", rows: [resultsRow({ subset: "All" }, scored)] },
    ],
    comparisons: [],
    ...totals(scored),
    notes,
  };
}
