import type { StudySettings } from "@/lib/designs/settings";
import type { ProbeCounts } from "@/lib/participants/probes";

// The exclusion policy declared before the study opens, e.g. "exclude a participant with ≥ 2
// failed attention checks or gold accuracy < 60%". The same verdict is reached wherever it is
// applied: as answers come in, and when a researcher re-applies it.

export function policyVerdict(policy: StudySettings["exclusion"], c: ProbeCounts): { status: "failed_attention" | "excluded"; reason: string } | null {
  if (!policy) return null;
  if (policy.maxFailedAttention !== null && c.failedAttention > policy.maxFailedAttention) {
    return { status: "failed_attention", reason: `${c.failedAttention} failed attention checks (the policy allows ${policy.maxFailedAttention})` };
  }
  if (policy.minGoldAccuracy !== null && c.goldAnswered >= policy.minGoldItems && c.goldCorrect / c.goldAnswered < policy.minGoldAccuracy) {
    return {
      status: "excluded",
      reason: `gold accuracy ${Math.round((100 * c.goldCorrect) / c.goldAnswered)}% on ${c.goldAnswered} gold items (the policy needs ${Math.round(policy.minGoldAccuracy * 100)}%)`,
    };
  }
  return null;
}
