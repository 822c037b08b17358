import type { Queryable } from "@/lib/db/queryable";
import type { Study } from "@/lib/designs/types";

// A baseline's progress at a stage from the kept answer tallies (migration 20261128150000_answer_tallies),
// as progressOf has it from every unit's counted answers and live leases, with no unit row sent and no
// answer read. An answer scores each question of its unit once (lib/designs/baseline/answers.ts), so a
// unit's counted answers at a stage are the count of any one of its questions there.

export interface UnitProgress {
  units: number;
  complete: number;
  started: number;
  /** the counted answers at the stage */
  responses: number;
}

export async function readTalliedProgress(client: Queryable, study: Pick<Study, "id" | "n">, stage: number): Promise<UnitProgress> {
  const { rows } = await client.query<UnitProgress>(
    `SELECT count(*)::int AS units, count(*) FILTER (WHERE coalesce(c.n, 0) >= $3)::int AS complete,
            count(*) FILTER (WHERE coalesce(c.n, 0) < $3 AND (coalesce(c.n, 0) > 0 OR coalesce(l.n, 0) > 0))::int AS started,
            coalesce(sum(c.n), 0)::int AS responses
     FROM "StudyUnit" u
     LEFT JOIN (SELECT "unitId", max(answers) AS n FROM "AnswerTally" WHERE "studyId" = $1 AND stage = $2 GROUP BY 1) c ON c."unitId" = u.id
     LEFT JOIN (SELECT "unitId", count(*) AS n FROM "Assignment" WHERE "studyId" = $1 AND status = 'live' AND "expiresAt" > now() GROUP BY 1) l ON l."unitId" = u.id
     WHERE u."studyId" = $1`,
    [study.id, stage, study.n],
  );
  return rows[0]!;
}
