import { optionIndex, readChoice } from "@/lib/benchmarks/answer-text";
import { tagBool, tagText, type ReportQuestion } from "@/lib/benchmarks/report";
import { plainScore } from "@/lib/benchmarks/scorer";
import type { AnswerScore } from "@/lib/benchmarks/scoring";

// ToMATO (Shinoda et al., AAAI 2025): 4-option multiple choice, right only if the chosen option
// is a_idx (accuracy). Reported per mental state × {1st, 2nd, FB} (Table 3), the false-belief
// questions (ToMATO-FB) being a column of their own, so the 2nd-order column holds no
// false-belief question.

export const TOMATO_MENTAL_STATES = ["belief", "intention", "desire", "emotion", "knowledge"] as const;
export const TOMATO_ORDERS = ["first", "second", "false_belief"] as const;
export type TomatoOrder = (typeof TOMATO_ORDERS)[number];
export const TOMATO_ORDER_LABEL: Record<TomatoOrder, string> = { first: "1st", second: "2nd", false_belief: "FB" };
/** Option labels as the official prompt writes them: "[A] …" to "[D] …". */
const TOMATO_LABELS = ["A", "B", "C", "D"] as const;

/** The question's column: the order tag ("first" / "second" / "false_belief"), or, for a
 *  question tagged before the order tag became a string, false_belief and the integer order. */
export function tomatoOrder(q: Pick<ReportQuestion, "tags">): TomatoOrder | null {
  const order = q.tags.order;
  if (typeof order === "string" && (TOMATO_ORDERS as readonly string[]).includes(order)) return order as TomatoOrder;
  if (tagBool(q, "false_belief") === true) return "false_belief";
  const raw = typeof order === "number" ? order : q.tags.order_raw;
  if (raw === 1 || raw === "1") return "first";
  if (raw === 2 || raw === "2") return "second";
  return null;
}

/** "belief 1st", "emotion FB": the subset of Table 3; null without mental state or order. */
export function tomatoSubset(q: Pick<ReportQuestion, "tags">): string | null {
  const state = tagText(q, "mental_state");
  const order = tomatoOrder(q);
  return state && order ? `${state} ${TOMATO_ORDER_LABEL[order]}` : null;
}

export function tomatoScore(q: Pick<ReportQuestion, "kind" | "gold" | "scoring" | "options">, answer: unknown): AnswerScore {
  return plainScore(q, answer, TOMATO_LABELS);
}

// run_gpt.py's extract_answer_from_response: the first "[A]"–"[D]" in the response. The class is
// written [A,B,C,D] there, so "[,]" also matches, and then the prediction is "," (wrong).
const OFFICIAL = /\[[A,B,C,D]\]/;

/**
 * A model's answer: an option index as is; text by the official rule (the first bracketed
 * capital letter, as run_gpt.py and run_local_llm.py extract it, "[B]"); when the text holds no
 * such bracket, Sally also reads a bare or punctuated letter ("B", "(b)", "B.") and the text of
 * one option, which the official extraction would count wrong.
 */
export function tomatoParse(q: Pick<ReportQuestion, "options">, raw: unknown): number | null {
  const options = q.options ?? [];
  const shaped = optionIndex(raw, options);
  if (shaped !== null || typeof raw !== "string") return shaped;
  const official = OFFICIAL.exec(raw);
  if (official) {
    const i = TOMATO_LABELS.indexOf(official[0][1] as (typeof TOMATO_LABELS)[number]);
    return i >= 0 && i < options.length ? i : null;
  }
  return readChoice(raw, options, TOMATO_LABELS.slice(0, options.length));
}
