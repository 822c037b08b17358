import type { ReportQuestion } from "@/lib/benchmarks/report";
import { scoreAnswer, type Score } from "@/lib/benchmarks/score";

// CharToM-QA (Zhou et al., 2025): the multiple-choice form is "standard accuracy" (exact_option over
// the answer and its three misleading choices). The generative form (reference answer + bonus points)
// is judged by people or a rater, not machine-scored, so it is counted as unscored.

export const CHARTOM_DIMENSIONS = ["belief", "intention", "emotion", "desire"] as const;
export const CHARTOM_WINDOWS = ["c0", "c1000", "c2000"] as const;
export const CHARTOM_GROUPS = ["read", "not read"] as const;

export function scoreChartom(question: ReportQuestion, answer: unknown): Score {
  return scoreAnswer(question, answer);
}

export function chartomDimension(q: Pick<ReportQuestion, "tags">): string | null {
  const v = q.tags.tom_dimension ?? q.tags.dimension;
  return typeof v === "string" && v !== "" ? v : null;
}

/**
 * The paper's indirect questions (§6.4): the answer or a synonym does not appear in the plot window.
 * The authors labelled them by hand for the 150 human-study questions only; the released data has no
 * field for it. So a question is indirect only when someone has tagged it: tags.indirect (true/false)
 * or tags.directness ("indirect" / "direct"). Untagged questions are in neither subset.
 */
export function chartomIndirect(q: Pick<ReportQuestion, "tags">): boolean | null {
  const v = q.tags.indirect;
  if (typeof v === "boolean") return v;
  if (v === "true" || v === "false") return v === "true";
  const d = q.tags.directness;
  if (d === "indirect" || d === "direct") return d === "indirect";
  return null;
}
