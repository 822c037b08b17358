import type { Study } from "@/lib/designs";
import { completionUrl } from "@/lib/participants/completion-url";

// How a participant's session ends, and the code (and platform redirect) each ending gets:
// completed, screened out (no group that still needs answers), failed the qualification,
// failed attention checks, or no tasks left for them.

export type Outcome = "completed" | "screened_out" | "failed_qualification" | "failed_attention" | "no_tasks";

const KEY = {
  completed: "completed",
  screened_out: "screenedOut",
  failed_qualification: "failedQualification",
  failed_attention: "failedAttention",
  no_tasks: "noTasks",
} as const;

export function outcomeCode(study: Pick<Study, "completionCode" | "completionUrl" | "settings">, outcome: Outcome): { completionCode: string | null; redirectUrl: string | null } {
  const code = study.settings.completionCodes[KEY[outcome]] ?? (outcome === "completed" ? study.completionCode : null);
  return { completionCode: code, redirectUrl: code ? completionUrl(study.completionUrl, code) : null };
}
