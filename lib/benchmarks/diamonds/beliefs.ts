import type { ReportQuestion } from "@/lib/benchmarks/report";
import type { ScoredItem } from "@/lib/benchmarks/scoring";
import { diamondsPerspective, diamondsVariant } from "@/lib/benchmarks/diamonds/score";

/** The question a participant-centric question re-asks from one perspective: scenario, qa_type, variant. */
function questionFamilyKey(q: Pick<ReportQuestion, "tags" | "groupKeys">): string {
  return JSON.stringify([q.groupKeys.scenario ?? "", q.tags.qa_type ?? "", q.tags.data_type ?? "", diamondsVariant(q)]);
}

export type BeliefSource = "answers" | "tag";
export type Belief = { belief: "true belief" | "false belief"; source: BeliefSource };

/**
 * True or false belief for each participant-centric item. The paper (§3, Table 2) defines a
 * false belief as the participant missing critical updates, so that the answer from their
 * perspective differs from the true answer. When the omniscient question of the same scenario,
 * qa_type and variant is among the items and both golds are numbers, that definition is applied
 * directly (golds differ → false belief). Otherwise the adapter's false_belief tag is used: true
 * when the participant is outside the access group that saw the whole conversation, an
 * approximation (what they missed may not bear on the question). Omniscient items get none.
 */
export function diamondsBeliefs(items: readonly ScoredItem[]): Map<ScoredItem, Belief> {
  const oracleGold = new Map<string, number>();
  for (const i of items) {
    const g = i.question.gold;
    if (diamondsPerspective(i.question) === "Omniscient" && g.kind === "numeric" && "value" in g) oracleGold.set(questionFamilyKey(i.question), g.value);
  }
  const out = new Map<ScoredItem, Belief>();
  for (const i of items) {
    if (diamondsPerspective(i.question) !== "Participant-centric") continue;
    const g = i.question.gold;
    const oracle = oracleGold.get(questionFamilyKey(i.question));
    if (oracle !== undefined && g.kind === "numeric" && "value" in g) {
      out.set(i, { belief: g.value === oracle ? "true belief" : "false belief", source: "answers" });
      continue;
    }
    const tag = i.question.tags.false_belief;
    if (typeof tag === "boolean") out.set(i, { belief: tag ? "false belief" : "true belief", source: "tag" });
  }
  return out;
}
