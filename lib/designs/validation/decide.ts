import type { Study, UnitDecision } from "@/lib/designs/types";
import { decideFromTallies, type UnitTallies } from "@/lib/designs/validation/aggregate";
import type { Check } from "@/lib/designs/validation/checks";
import type { ValidationConfig } from "@/lib/designs/validation/config";

// One unit's decision as the results and the stored decisions (decision-store.ts) both work it out,
// and which of its checks wait in the adjudication queue.

export type Adjudicated = Record<string, { decision: string }>;

const NO_TALLIES: UnitTallies = new Map();

export function decideStudyUnit(
  study: Pick<Study<ValidationConfig>, "n" | "unitType" | "config">,
  unit: { questionIds: string[]; checks: Check[]; tallies: UnitTallies | undefined; submitted: number; adjudicated: Adjudicated | undefined },
  llm: Record<string, boolean | null> | undefined,
  consensus?: Record<string, string | null>,
): UnitDecision {
  return decideFromTallies({
    checks: unit.checks,
    tallies: unit.tallies ?? NO_TALLIES,
    submitted: unit.submitted,
    n: study.n,
    unitType: study.unitType === "context" ? "context" : "question",
    questionIds: unit.questionIds,
    config: study.config,
    adjudications: Object.fromEntries(Object.entries(unit.adjudicated ?? {}).map(([k, v]) => [k, v.decision])),
    llm,
    ...(consensus ? { consensus } : {}),
  });
}

/** A unit's checks that wait for a researcher: once it has its N answers, those neither adjudicated nor unanimous. */
export function queuedChecks(n: number, submitted: number, checks: Check[], decision: UnitDecision): Check[] {
  if (submitted < n) return [];
  return checks.filter((check) => {
    const r = decision.checks[check.key]!;
    return r.adjudicated === null && !r.unanimous;
  });
}
