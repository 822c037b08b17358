import { optionIndex, readChoice } from "@/lib/benchmarks/answer-text";
import type { ReportQuestion } from "@/lib/benchmarks/report";
import { plainScore } from "@/lib/benchmarks/scorer";
import type { AnswerScore } from "@/lib/benchmarks/scoring";

// CharToM-QA (Zhou et al., 2025): the multiple-choice form is "standard accuracy" over the answer
// and its three misleading choices, numbered (1)–(4) in the prompt (Appendix K, Table 15: "Only
// output the index of your chosen candidate"). The generative form (reference answer + bonus
// points) is judged by a GPT-4o rater in evaluate_en.py (bonus-point coverage, penalty rate), not
// machine-scored here: its answers are unscored.

export const CHARTOM_DIMENSIONS = ["belief", "intention", "emotion", "desire"] as const;
export const CHARTOM_WINDOWS = ["c0", "c1000", "c2000"] as const;
export const CHARTOM_GROUPS = ["read", "not read"] as const;
/** The prompt numbers the candidates (1)–(4). */
const CHARTOM_LABELS = ["1", "2", "3", "4"] as const;

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

export function chartomScore(q: Pick<ReportQuestion, "kind" | "gold" | "scoring" | "options">, answer: unknown): AnswerScore {
  return plainScore(q, answer, q.kind === "single_choice" ? CHARTOM_LABELS.slice(0, q.options?.length ?? 0) : undefined);
}

/**
 * A model's choice, read as evaluate_en.py reads indices (parse_bonus_reasons): brackets and
 * quotes dropped, what is left all digits, "(3)" or "3" meaning the third candidate. Failing
 * that, Sally also reads a leading number or letter ("(3). …", "C."), then one candidate's text.
 */
export function chartomParse(q: Pick<ReportQuestion, "kind" | "options">, raw: unknown): unknown | null {
  if (q.kind !== "single_choice") return typeof raw === "string" ? raw.trim() : null;
  const options = q.options ?? [];
  const shaped = optionIndex(raw, options);
  if (shaped !== null || typeof raw !== "string") return shaped;
  const bare = raw.replace(/[()'"]/g, "").trim();
  if (/^[0-9]+$/.test(bare)) {
    const n = Number(bare);
    return n >= 1 && n <= options.length ? n - 1 : null;
  }
  const letters = options.map((_, i) => String.fromCharCode(65 + i));
  return readChoice(raw, options, CHARTOM_LABELS.slice(0, options.length)) ?? readChoice(raw, options, letters);
}
