import type { BenchmarkScoring } from "@/lib/benchmarks/scoring";
import { CONTROL_SUFFIX, FANTOM_TYPE_LABEL, FANTOM_FAMILIES, fantomCounts, fantomParse, fantomScore, fantomTypeOf } from "@/lib/benchmarks/fantom/score";
import { summarizeFantom } from "@/lib/benchmarks/fantom/summary";

const MAIN = FANTOM_FAMILIES.map((f) => FANTOM_TYPE_LABEL[f]);

export const fantomScoring: BenchmarkScoring = {
  typeOf: fantomTypeOf,
  // the main score in the paper's order, then the control task (FactQ has no control key)
  typeOrder: [...MAIN, ...MAIN.filter((k) => k !== FANTOM_TYPE_LABEL.fact).map((k) => k + CONTROL_SUFFIX)],
  counts: fantomCounts,
  score: (question, answer) => fantomScore(question, answer),
  parse: fantomParse,
  summarize: summarizeFantom,
  perRespondent: true,
};
