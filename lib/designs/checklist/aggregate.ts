import type { CheckTally, UnitDecision, UnitStatus } from "@/lib/designs/types";
import type { ChecklistConfig } from "@/lib/designs/checklist/config";
import { passes, type Criterion } from "@/lib/designs/checklist/criteria";

// How one unit's reviews become a decision. Pure: the dashboard, the adjudication queue, the
// report and the validated export all call this, and every count can be recomputed from the
// raw responses export with it.
//
// A criterion is decided by the majority of its reviewers on pass versus fail, not on the raw
// answer: reviewers answering 4 and 5 on the 1–5 scale agree that it passes, and "partly" and
// "no" agree that it fails. An even split is a tie and follows the study's tie policy. The tally
// names the winning side by its most common answer (ties within the side: the first option).

export interface Review {
  participantId: string;
  answers: Record<string, string>;
}

export interface CriterionTally extends CheckTally {
  passVotes: number;
  failVotes: number;
}

export function tallyCriterion(criterion: Criterion, values: string[], adjudicated: string | null): CriterionTally {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  const passVotes = values.filter((v) => passes(criterion.answer, v)).length;
  const failVotes = values.length - passVotes;
  const side = passVotes > failVotes ? true : failVotes > passVotes ? false : null;
  let majority: string | null = null;
  if (side !== null) {
    const onSide = criterion.options.filter((o) => passes(criterion.answer, o.value) === side);
    majority = onSide.reduce<string | null>((best, o) => ((counts[o.value] ?? 0) > (best === null ? 0 : counts[best] ?? 0) ? o.value : best), null);
  }
  return {
    counts,
    votes: values.length,
    majority,
    tie: values.length > 0 && passVotes === failVotes,
    unanimous: values.length > 0 && Object.keys(counts).length === 1,
    adjudicated,
    effective: adjudicated ?? majority,
    passVotes,
    failVotes,
  };
}

/** Whether a decided criterion passes; null while it is undecided (a tie, or no reviews). */
export function criterionPasses(criterion: Criterion, tally: Pick<CheckTally, "effective">): boolean | null {
  return tally.effective === null ? null : passes(criterion.answer, tally.effective);
}

export function decideUnit(opts: {
  criteria: Criterion[];
  reviews: Review[];
  n: number;
  questionIds: string[];
  tiePolicy: ChecklistConfig["rule"]["tiePolicy"];
  adjudications: Record<string, string>;
}): UnitDecision & { checks: Record<string, CriterionTally> } {
  const checks: Record<string, CriterionTally> = {};
  const reasons: string[] = [];
  let review = false;
  for (const c of opts.criteria) {
    const values = opts.reviews.flatMap((r) => (r.answers[c.key] !== undefined ? [r.answers[c.key]!] : []));
    const t = tallyCriterion(c, values, opts.adjudications[c.key] ?? null);
    checks[c.key] = t;
    const passed = criterionPasses(c, t);
    if (passed === false || (passed === null && opts.tiePolicy === "reject")) reasons.push(c.key);
    else if (passed === null && opts.tiePolicy === "needs_review") review = true;
  }
  const complete = opts.reviews.length >= opts.n || (opts.criteria.length > 0 && opts.criteria.every((c) => opts.adjudications[c.key] !== undefined));
  const status: UnitStatus = !complete ? "incomplete" : reasons.length ? "reject" : review ? "needs_review" : "keep";
  return {
    status,
    reasons: complete ? reasons : [],
    checks,
    // an item failing any criterion goes whole: every question the unit covers
    rejectedQuestions: status === "reject" ? [...opts.questionIds] : [],
    label: null,
  };
}
