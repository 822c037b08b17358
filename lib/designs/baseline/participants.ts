import { counted } from "@/lib/designs/counted";
import type { ParticipantFigures, ReadCtx } from "@/lib/designs/types";
import type { BaselineConfig } from "@/lib/designs/baseline/config";

// Accuracy for a page of participants: their final stage's scored answers, counted in SQL. The
// counted test, not a join to the assignments: at a million answers the join hashed every
// assignment of the database for a page of people (1 s of the page's 2).
export async function baselineParticipantFigures({ client, study, notCounted }: ReadCtx<BaselineConfig>, ids: string[]): Promise<Map<string, ParticipantFigures>> {
  const stage = Math.max(1, study.settings.stages.length);
  const { rows } = await client.query<{ participantId: string; n: number; correct: number }>(
    `SELECT s."participantId", count(s.correct)::int AS n, count(*) FILTER (WHERE s.correct)::int AS correct
     FROM "ScoredAnswer" s
     WHERE s."studyId" = $1 AND s.stage = $2 AND s."participantId" = ANY($3::uuid[]) AND ${counted("s", "$1", notCounted)}
     GROUP BY 1`,
    [study.id, stage, ids],
  );
  const byId = new Map(rows.map((r) => [r.participantId, r]));
  return new Map(
    ids.map((id) => {
      const r = byId.get(id) ?? { n: 0, correct: 0 };
      return [id, { n: r.n, correct: r.correct, accuracy: r.n ? r.correct / r.n : null }];
    }),
  );
}
