import type { ReportQuestion } from "@/lib/benchmarks/report";
import type { AnswerScore } from "@/lib/benchmarks/scoring";

// ExploreToM (Sclar et al., ICLR 2025), scored as the official code does
// (facebookresearch/ExploreToM: ModelAnswerEvaluator.verify_answer_to_question, and
// compute_statistics.py's `x["expected_answer"] in x["model_response"].lower()`): right when the
// expected answer, as written, is contained in the lower-cased response. Containment, not
// equality: "the wicker basket" is right for "wicker basket", and, as in the official code,
// "I don't know" is right for "no" ("no" is inside "know").

function tag(q: Pick<ReportQuestion, "tags">, ...names: string[]) {
  for (const n of names) {
    const v = q.tags[n];
    if (v !== undefined && v !== null && v !== "") return v;
  }
  return null;
}

/** The expected answer as the CSV wrote it (a yes/no gold keeps its original spelling in raw). */
export function expectedAnswer(q: Pick<ReportQuestion, "gold">): string | null {
  const g = q.gold;
  if (g.kind === "yes_no") return g.raw ?? g.value;
  if (g.kind === "short_text") return g.value;
  return null;
}

export function exploreTomScore(q: Pick<ReportQuestion, "gold">, answer: unknown): AnswerScore {
  const expected = expectedAnswer(q);
  if (typeof answer !== "string" || expected === null) return { correct: false, normalized: "" };
  const response = answer.toLowerCase();
  return { correct: response.includes(expected), normalized: response.trim() };
}

/** A model's answer is its text, kept whole: the containment rule reads the full response, so it
 *  is not reduced to yes/no (that would change verdicts such as "I don't know" for "no"). */
export function exploreTomParse(raw: unknown): string | null {
  if (typeof raw === "string") return raw;
  if (typeof raw === "boolean") return raw ? "yes" : "no";
  return null;
}

export const EXPLORETOM_ORDER_LABEL: Record<string, string> = { "-1": "state tracking", "1": "1st order", "2": "2nd order" };

/** qprop=nth_order: "-1" (state tracking: ground truth or memory), "1", "2". */
export function exploreTomOrder(q: Pick<ReportQuestion, "tags">): string | null {
  const v = tag(q, "nth_order", "qprop=nth_order");
  if (v === null) return null;
  const n = Number(v);
  return Number.isInteger(n) ? String(n) : String(v);
}

/** qprop=non_unique_mental_state: "interesting" when the answer would change with the person asked about. */
export function exploreTomInteresting(q: Pick<ReportQuestion, "tags">): "interesting" | "uninteresting" | null {
  const v = tag(q, "non_unique_mental_state", "interesting", "qprop=non_unique_mental_state");
  if (typeof v === "boolean") return v ? "interesting" : "uninteresting";
  const s = String(v).trim().toLowerCase();
  if (s === "true" || s === "1") return "interesting";
  if (s === "false" || s === "0") return "uninteresting";
  return null;
}

/** False or true belief: a belief tag, a false_belief tag, or the "-False" / "-True" suffix of the
 *  relation type in qprop=params (the tracker's world_state_answer == belief_answer). Null for
 *  state-tracking questions, which carry neither. */
export function exploreTomBelief(q: Pick<ReportQuestion, "tags">): "false belief" | "true belief" | null {
  const belief = tag(q, "belief");
  if (typeof belief === "string") {
    const s = belief.toLowerCase();
    if (s.startsWith("false")) return "false belief";
    if (s.startsWith("true")) return "true belief";
  }
  const fb = tag(q, "false_belief");
  if (typeof fb === "boolean") return fb ? "false belief" : "true belief";
  const relation = tag(q, "relation_type", "params", "qprop=params");
  if (typeof relation === "string") {
    const m = /-(True|False)'?\s*\)?\s*$/.exec(relation.trim());
    if (m) return m[1] === "False" ? "false belief" : "true belief";
  }
  return null;
}

/** param=story_type (e.g. "tomi", "tomi+object-state"): the kind of story the generator built. */
export function exploreTomStoryType(q: Pick<ReportQuestion, "tags">): string | null {
  const v = tag(q, "param=story_type", "story_type");
  return v === null ? null : String(v);
}
