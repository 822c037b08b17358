import { readNumber } from "@/lib/benchmarks/answer-text";
import type { ReportQuestion } from "@/lib/benchmarks/report";
import { UNANSWERABLE } from "@/lib/benchmarks/score";

// DIAMONDs (Ghosh et al.), scored as the README's accuracy code does (get_ans_equivalence): an
// unanswerable gold ('NA') is right only when the answer is unanswerable too; an unanswerable
// answer to a numeric gold is wrong; otherwise right when math.isclose(gold, answer,
// rel_tol=2e-2), 2% of the LARGER of the two magnitudes (lib/benchmarks/score.ts isClose, through
// the question's numeric rule, relTol 0.02). Answerability (get_answerability_equivalence) is
// whether the answer is of the gold's type, number or unanswerable.

export const DIAMONDS_VARIANTS = ["base", "distractor", "underspecified"] as const;
export const DIAMONDS_PERSPECTIVES = ["Omniscient", "Participant-centric"] as const;

/** Omniscient (participant "Oracle") or participant-centric. */
export function diamondsPerspective(q: Pick<ReportQuestion, "tags">): (typeof DIAMONDS_PERSPECTIVES)[number] | null {
  const p = q.tags.perspective;
  if (p === "omniscient") return "Omniscient";
  if (p === "participant" || p === "participant-centric") return "Participant-centric";
  const who = q.tags.participant;
  if (typeof who !== "string" || who === "") return null;
  return who === "Oracle" ? "Omniscient" : "Participant-centric";
}

/** base / distractor / underspecified; "unknown" when the file did not say (variant comes from the file name). */
export function diamondsVariant(q: Pick<ReportQuestion, "tags">): string {
  const v = q.tags.variant;
  return typeof v === "string" && v !== "" ? v : "unknown";
}

/** get_answerability_equivalence: the answer's type (number or unanswerable) is the gold's. An
 *  unreadable answer has neither type, so it never matches. */
export function answerabilityMatches(q: Pick<ReportQuestion, "gold">, normalized: string): boolean {
  if (normalized === "") return false;
  const goldUnanswerable = q.gold.kind === "numeric" && "unanswerable" in q.gold;
  return goldUnanswerable === (normalized === UNANSWERABLE);
}

/**
 * A model's answer: a number as is; null as "can't be determined"; text read by readNumber
 * ("1,250", "$1250", "NA", "N/A", "cannot be determined", "The total is $1,250."); an object, or
 * JSON text of one, by its answer field (the paper's models answered in JSON). Unreadable: null.
 */
export function diamondsParse(raw: unknown): number | string | null {
  if (raw === null) return UNANSWERABLE;
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : null;
  if (typeof raw === "object" && !Array.isArray(raw)) {
    const fields = raw as Record<string, unknown>;
    const key = ["answer", "final_answer", "pred_ans", "ans"].find((k) => k in fields);
    return key === undefined ? null : diamondsParse(fields[key]);
  }
  if (typeof raw !== "string") return null;
  if (raw.trim().startsWith("{")) {
    try {
      return diamondsParse(JSON.parse(raw) as unknown);
    } catch {
      // not JSON after all: read it as text
    }
  }
  const reading = readNumber(raw);
  if (reading === null) return null;
  return "value" in reading ? reading.value : UNANSWERABLE;
}
