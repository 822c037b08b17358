import type { CheckTally, UnitDecision, UnitStatus } from "@/lib/designs/types";
export type { UnitDecision, UnitStatus };
import { passingAnswer, type Check } from "@/lib/designs/validation/checks";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { majorityOf } from "@/lib/metrics";

// How one unit's votes become a decision under the study's rule. Pure: the dashboard, the
// adjudication queue and the validated export all call this, and the manifest's counts can be
// recomputed from the exported raw responses with it.

export interface Vote {
  participantId: string;
  answers: Record<string, string>;
}

export type CheckResult = CheckTally;

/** Votes on one check: the plurality answer (lib/metrics' majority), with a tie reported as a tie. */
export function tally(values: string[]): Pick<CheckResult, "counts" | "votes" | "majority" | "tie" | "unanimous"> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  const vote = majorityOf(values);
  return {
    counts,
    votes: values.length,
    majority: vote.kind === "majority" ? String(vote.label) : null,
    tie: vote.kind === "tie",
    unanimous: Object.keys(counts).length === 1,
  };
}

/** The same tally from counts already made (label → votes), e.g. by GROUP BY in SQL. */
export function tallyCounts(counts: Readonly<Record<string, number>>): Pick<CheckResult, "counts" | "votes" | "majority" | "tie" | "unanimous"> {
  // by label, so what is shown or exported does not depend on the order SQL returned the rows in;
  // plain loops: a results page runs this for every check of every unit
  const present: string[] = [];
  let votes = 0;
  let best = 0;
  let leaders = 0;
  for (const label in counts) {
    const n = counts[label]!;
    if (!(n > 0)) continue;
    present.push(label);
    votes += n;
    if (n > best) {
      best = n;
      leaders = 1;
    } else if (n === best) leaders++;
  }
  if (present.length > 1) present.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const sorted: Record<string, number> = {};
  let majority: string | null = null;
  for (const label of present) {
    sorted[label] = counts[label]!;
    if (counts[label] === best) majority = label;
  }
  return {
    counts: sorted,
    votes,
    majority: best > 0 && leaders === 1 ? majority : null,
    tie: best > 0 && leaders > 1,
    unanimous: present.length === 1,
  };
}

/**
 * Votes per check: check key → label → count. A Map, not an object: check keys are long and made
 * fresh for every unit, and an object keyed by them costs a string-table lookup on every access.
 */
export type UnitTallies = Map<string, Record<string, number>>;

export function talliesOf(votes: readonly Vote[]): UnitTallies {
  const out: UnitTallies = new Map();
  for (const v of votes) {
    for (const [key, label] of Object.entries(v.answers)) {
      let counts = out.get(key);
      if (!counts) out.set(key, (counts = {}));
      counts[label] = (counts[label] ?? 0) + 1;
    }
  }
  return out;
}

type DecideOptions = {
  checks: Check[];
  n: number;
  unitType: "context" | "question";
  /** the questions the unit covers (for LLM gating) */
  questionIds: string[];
  config: ValidationConfig;
  adjudications: Record<string, string>;
  /** question id → the LLM judge says the item is valid (true), invalid (false), or gave nothing (null) */
  llm?: Record<string, boolean | null>;
  /** check key → the label another aggregation (Dawid–Skene) gives, null for a tie; replaces the majority */
  consensus?: Record<string, string | null>;
};

export function decideUnit(opts: DecideOptions & { votes: Vote[] }): UnitDecision {
  return decideFromTallies({ ...opts, tallies: talliesOf(opts.votes), submitted: opts.votes.length });
}

/** The decision from the unit's vote counts per check and its number of valid answers. */
export function decideFromTallies(opts: DecideOptions & { tallies: UnitTallies; submitted: number }): UnitDecision {
  const { checks, config, adjudications } = opts;
  // keyed by check keys that name the unit's questions, so each unit's keys are its own: objects
  // without a prototype are kept as dictionaries by V8 from the start, instead of building a hidden
  // class for every unit's keys (50,000 units at a million answers; docs/benchmarks.md)
  const results: Record<string, CheckResult> = Object.create(null) as Record<string, CheckResult>;
  // most units have no adjudication: then no lookup by each long check key
  const adjudicated = Object.keys(adjudications).length > 0;
  for (const check of checks) {
    const t = tallyCounts(opts.tallies.get(check.key) ?? NO_VOTES);
    // another aggregation's label (Dawid–Skene) replaces the majority; a null label is its tie
    if (opts.consensus && check.key in opts.consensus) {
      t.majority = opts.consensus[check.key]!;
      t.tie = t.majority === null && t.votes > 0;
    }
    // completed in place: the keys keep the order a page's JSON has always had
    const r = t as CheckResult;
    r.adjudicated = adjudicated ? (adjudications[check.key] ?? null) : null;
    r.effective = r.adjudicated ?? t.majority;
    results[check.key] = r;
  }
  const complete = opts.submitted >= opts.n;
  const reasons: string[] = [];
  let review = false;
  const rejectedQuestions = new Set<string>();
  const questionReasons: Record<string, string> = Object.create(null) as Record<string, string>;
  const policy = config.rule.tiePolicy;

  // An undecided check follows the tie policy: keep, reject, or wait for a researcher.
  const outcome = (r: CheckResult, rejecting: (v: string) => boolean): "keep" | "reject" | "review" => {
    if (r.effective !== null) return rejecting(r.effective) ? "reject" : "keep";
    return policy === "needs_review" ? "review" : policy;
  };

  let label: string | null = null;
  for (const check of checks) {
    const r = results[check.key]!;
    if (check.kind === "flag") {
      const o = outcome(r, (v) => v === "yes");
      if (o === "reject") reasons.push(check.key);
      if (o === "review") review = true;
    } else if (check.kind === "label") {
      label = r.effective;
      const rejecting = rejectingLabels(config);
      const o = outcome(r, (v) => rejecting.has(v));
      if (o === "reject") reasons.push(`label:${r.effective ?? "tie"}`);
      if (o === "review") review = true;
    } else {
      const pass = passingAnswer(check.kind);
      const o = outcome(r, (v) => v !== pass);
      if (o === "reject") {
        rejectedQuestions.add(check.questionId!);
        // the check that decided: the question judged broken, or its answer key judged wrong
        const reason = check.kind === "broken" ? "broken" : "answer_key";
        questionReasons[check.questionId!] ??= reason;
        if (!reasons.includes(reason)) reasons.push(reason);
      }
      if (o === "review") review = true;
    }
  }

  if (config.rule.llmJudge) {
    // human majority AND the LLM judge must both call the item valid (ToMATO's rule)
    const disagreed = opts.questionIds.filter((q) => opts.llm?.[q] !== true && !rejectedQuestions.has(q));
    disagreed.forEach((q) => {
      rejectedQuestions.add(q);
      questionReasons[q] = "llm_judge";
    });
    if (disagreed.length) reasons.push("llm_judge");
  }

  const unitRejected = reasons.some((r) => !QUESTION_LEVEL.has(r)) || (opts.unitType === "question" && rejectedQuestions.size > 0);
  const status: UnitStatus = !complete && !allAdjudicated(checks, adjudications)
    ? "incomplete"
    : unitRejected
      ? "reject"
      : review
        ? "needs_review"
        : "keep";
  return { status, reasons, checks: results, rejectedQuestions: [...rejectedQuestions], questionReasons, label };
}

const NO_VOTES: Readonly<Record<string, number>> = Object.freeze({});
const QUESTION_LEVEL = new Set(["answer_key", "broken", "llm_judge"]);

// the labels that reject the item, once per config rather than once per unit
const rejectingOf = new WeakMap<ValidationConfig, ReadonlySet<string>>();
function rejectingLabels(config: ValidationConfig): ReadonlySet<string> {
  let set = rejectingOf.get(config);
  if (!set) {
    set = new Set(config.labelJudgement?.labels.filter((l) => l.rejects).map((l) => l.key));
    rejectingOf.set(config, set);
  }
  return set;
}

function allAdjudicated(checks: Check[], adjudications: Record<string, string>): boolean {
  return checks.length > 0 && checks.every((c) => adjudications[c.key] !== undefined);
}
