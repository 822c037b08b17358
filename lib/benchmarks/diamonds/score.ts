import type { ReportQuestion, ScoredResult } from "@/lib/benchmarks/report";
import { scoreAnswer, type Score } from "@/lib/benchmarks/score";

// DIAMONDs (Ghosh et al.), §4: a numeric answer is right within 2% of the true value; for
// underspecified conversations an answer is right only if it marks the question unanswerable (a
// number is wrong), and a numeric gold answered "unanswerable" is wrong. The generic numeric rule
// does exactly this with relTol 0.02.

export const DIAMONDS_REL_TOL = 0.02;
export const DIAMONDS_VARIANTS = ["base", "distractor", "underspecified"] as const;

export function scoreDiamonds(question: ReportQuestion, answer: unknown): Score {
  return scoreAnswer(question, answer);
}

/** Omniscient (participant "Oracle") or participant-centric. */
export function diamondsPerspective(q: Pick<ReportQuestion, "tags">): "omniscient" | "participant-centric" | null {
  const p = q.tags.perspective;
  if (p === "omniscient") return "omniscient";
  if (p === "participant" || p === "participant-centric") return "participant-centric";
  const who = q.tags.participant;
  if (typeof who !== "string" || who === "") return null;
  return who === "Oracle" ? "omniscient" : "participant-centric";
}

/** base / distractor / underspecified; "unknown" when the file did not say (variant comes from the file name). */
export function diamondsVariant(q: Pick<ReportQuestion, "tags">): string {
  const v = q.tags.variant;
  return typeof v === "string" && v !== "" ? v : "unknown";
}

/** The question a participant-centric question re-asks from one perspective: scenario, qa_type, variant. */
function questionFamilyKey(q: Pick<ReportQuestion, "tags" | "groupKeys">): string {
  return JSON.stringify([q.groupKeys.scenario ?? "", q.tags.qa_type ?? "", q.tags.data_type ?? "", diamondsVariant(q)]);
}

export type BeliefSource = "answers" | "tag";

/**
 * True or false belief for each participant-centric result. The paper (§3, Table 2) defines a false
 * belief as the participant missing critical updates, so that the answer from their perspective
 * differs from the true answer. When the omniscient question of the same scenario, qa_type and
 * variant is among the results and both golds are numbers, that definition is applied directly
 * (golds differ → false belief). Otherwise the adapter's false_belief tag is used: true when the
 * participant is outside the access group that saw the whole conversation, an approximation (what
 * they missed may not bear on the question). Omniscient results get null.
 */
export function diamondsBeliefs(results: readonly ScoredResult[]): Map<ScoredResult, { belief: "true belief" | "false belief"; source: BeliefSource }> {
  const oracleGold = new Map<string, number>();
  for (const r of results) {
    if (diamondsPerspective(r.question) !== "omniscient") continue;
    const g = r.question.gold;
    if (g.kind === "numeric" && "value" in g) oracleGold.set(questionFamilyKey(r.question), g.value);
  }
  const out = new Map<ScoredResult, { belief: "true belief" | "false belief"; source: BeliefSource }>();
  for (const r of results) {
    if (diamondsPerspective(r.question) !== "participant-centric") continue;
    const g = r.question.gold;
    const oracle = oracleGold.get(questionFamilyKey(r.question));
    if (oracle !== undefined && g.kind === "numeric" && "value" in g) {
      out.set(r, { belief: g.value === oracle ? "true belief" : "false belief", source: "answers" });
      continue;
    }
    const tag = r.question.tags.false_belief;
    if (typeof tag === "boolean") out.set(r, { belief: tag ? "false belief" : "true belief", source: "tag" });
  }
  return out;
}
