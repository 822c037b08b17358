import type { ReportQuestion } from "@/lib/benchmarks/report";
import { scoreAnswer, type Score } from "@/lib/benchmarks/score";

// ToMATO (Shinoda et al., AAAI 2025): 4-option multiple choice, right only if the chosen option is
// a_idx ("standard accuracy", exact_option). Tags used by the report: mental_state, order (1 or 2),
// false_belief (ToMATO-FB, a subset of the second-order questions).

export const TOMATO_MENTAL_STATES = ["belief", "intention", "desire", "emotion", "knowledge"] as const;

export function scoreTomato(question: ReportQuestion, answer: unknown): Score {
  return scoreAnswer(question, answer);
}

/** "1st" / "2nd" from the order tag (1, 2, "1", "2", "first", "2nd-order", ...); null when absent. */
export function tomatoOrder(q: Pick<ReportQuestion, "tags">): "1st" | "2nd" | null {
  const v = q.tags.order;
  const s = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim().toLowerCase() : "";
  if (s === "1" || s.startsWith("1st") || s.startsWith("first")) return "1st";
  if (s === "2" || s.startsWith("2nd") || s.startsWith("second")) return "2nd";
  return null;
}
