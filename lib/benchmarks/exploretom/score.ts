import type { ReportQuestion } from "@/lib/benchmarks/report";
import { scoreAnswer, type Score } from "@/lib/benchmarks/score";

// ExploreToM (Sclar et al., ICLR 2025): short answers (a container, a room, yes/no, "knows about it" /
// "does not know about it") compared with expected_answer after the generic normalisation (case,
// articles, punctuation). The match is exact after normalising, so "knows about it" and "does not
// know about it" never match each other and "knows" alone matches neither.

export function scoreExploreTom(question: ReportQuestion, answer: unknown): Score {
  return scoreAnswer(question, answer);
}

function tag(q: Pick<ReportQuestion, "tags">, ...names: string[]) {
  for (const n of names) {
    const v = q.tags[n];
    if (v !== undefined && v !== null && v !== "") return v;
  }
  return null;
}

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
