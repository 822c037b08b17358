import { formatSeconds } from "@/components/studies/format";

// The planning figures in words. Pure, so it is unit-tested.

export interface StratumReport {
  key: Record<string, string>;
  available: number;
  taken: number;
}

/** What POST /api/studies/plan answers. */
export interface Plan {
  units: number;
  candidates: number;
  answers: number;
  participants: number;
  strata: StratumReport[];
  shortStrata: StratumReport[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "mental_state belief · order false_belief" */
export function stratumText(key: Record<string, string>): string {
  return Object.entries(key)
    .map(([tag, value]) => `${tag} ${value}`)
    .join(" · ");
}

/** Person-time: all answers, and one participant's share at the per-person limit. Null until a median exists. */
export function durationOf(plan: Pick<Plan, "units" | "answers">, maxUnits: number | null, medianSeconds: number | null): { total: number; perParticipant: number } | null {
  if (medianSeconds === null || !Number.isFinite(medianSeconds)) return null;
  return { total: plan.answers * medianSeconds, perParticipant: Math.min(maxUnits ?? plan.units, plan.units) * medianSeconds };
}

export function participantsText(plan: Pick<Plan, "participants" | "units">, maxUnits: number | null): string {
  const each = maxUnits === null || maxUnits >= plan.units ? "each may do every unit" : `at most ${plural(maxUnits, "unit")} each`;
  return `${plural(plan.participants, "participant")} (${each})`;
}

/** The one sentence announced (politely) when new figures arrive. */
export function planSentence(plan: Plan, maxUnits: number | null, medianSeconds: number | null): string {
  const parts = [plural(plan.units, "unit"), `${plural(plan.answers, "answer")} needed`, `${participantsText(plan, maxUnits)} needed`];
  const d = durationOf(plan, maxUnits, medianSeconds);
  if (d) parts.push(`about ${formatSeconds(d.total)} of work`);
  const short = plan.shortStrata.length ? ` ${plural(plan.shortStrata.length, "stratum", "strata")} short of k.` : "";
  return `Plan: ${parts.join(", ")}.${short}`;
}
