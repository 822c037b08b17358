import { stringifyCsv } from "@/lib/csv";
import { pool } from "@/lib/db/pool";
import type { Study } from "@/lib/designs";

// Bonuses in Prolific's bulk-bonus format: one line per participant, "<participant id>,<amount>"
// (no header), from the study's rule: so much per valid unit, plus a fixed amount for gold
// accuracy at or above a threshold. Excluded participants' units are not valid, so they earn
// nothing per unit. Only Prolific participants with a positive amount are listed.

export interface BonusLine {
  participantId: string;
  validUnits: number;
  goldAnswered: number;
  goldCorrect: number;
  amount: number;
}

export async function bonusLines(study: Pick<Study, "id" | "settings">): Promise<BonusLine[]> {
  const rule = study.settings.bonus;
  if (!rule) return [];
  const { rows } = await pool().query<{ participantId: string; validUnits: number; goldAnswered: number; goldCorrect: number }>(
    `SELECT p."externalId" AS "participantId",
            (SELECT count(*)::int FROM "Assignment" a WHERE a."participantId" = p.id AND a.status = 'submitted') AS "validUnits",
            (SELECT count(*)::int FROM "Probe" x WHERE x."participantId" = p.id AND x.phase = 'gold' AND x.correct IS NOT NULL) AS "goldAnswered",
            (SELECT count(*)::int FROM "Probe" x WHERE x."participantId" = p.id AND x.phase = 'gold' AND x.correct) AS "goldCorrect"
     FROM "Participant" p WHERE p."studyId" = $1 AND p."externalSource" = 'prolific' ORDER BY p."createdAt", p.id`,
    [study.id],
  );
  return rows
    .map((r) => {
      // in cents, so sums of 0.1 do not drift
      const cents = Math.round(r.validUnits * rule.perValidUnit * 100) + (rule.gold && r.goldAnswered > 0 && r.goldCorrect / r.goldAnswered >= rule.gold.minAccuracy ? Math.round(rule.gold.amount * 100) : 0);
      return { ...r, amount: cents / 100 };
    })
    .filter((r) => r.amount > 0);
}

export async function* bonusCsv(study: Pick<Study, "id" | "settings">): AsyncGenerator<string> {
  const lines = await bonusLines(study);
  if (lines.length) yield stringifyCsv(lines.map((l) => [l.participantId, l.amount.toFixed(2)]));
}
