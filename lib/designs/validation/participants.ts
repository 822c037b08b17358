import type { ParticipantFigures, ReadCtx } from "@/lib/designs/types";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { counted } from "@/lib/designs/counted";

// Agreement with the others' majority for a page of participants, in SQL: the rule of
// lib/metrics' leaveOneOutAgreement (the plurality of the others; a tie compares nothing; an
// item, a unit × check, needs at least 2 other answers), over the items the page's people answered.

export async function validationParticipantFigures({ client, study, notCounted }: ReadCtx<ValidationConfig>, ids: string[]): Promise<Map<string, ParticipantFigures>> {
  const { rows } = await client.query<{ participantId: string; agree: number; compared: number; restsOn: number }>(
    // the page's people's answers first (by participant), then what counts of the units they answered
    // (UnitTally, kept by triggers: answers, and votes per check and label)
    `WITH own AS MATERIALIZED (
       SELECT r.id, r."unitId", r."participantId"
       FROM "Response" r WHERE r."participantId" = ANY($2::uuid[]) AND r."studyId" = $1 AND ${counted("r", "$1", notCounted)}
     ), units AS MATERIALIZED (
       SELECT DISTINCT "unitId" FROM own
     ), answered AS (
       SELECT "unitId", responses AS n FROM "UnitTally" WHERE "unitId" IN (SELECT "unitId" FROM units)
     ), mine AS (
       SELECT row_number() OVER () AS id, o."unitId", o."participantId", v.key, v.value
       FROM own o JOIN "Vote" v ON v."responseId" = o.id
     ), tally AS (
       SELECT t."unitId", c.key, l.key AS value, l.value::int AS n
       FROM "UnitTally" t CROSS JOIN LATERAL jsonb_each(t.votes) c CROSS JOIN LATERAL jsonb_each_text(c.value) l
       WHERE t."unitId" IN (SELECT "unitId" FROM units)
     ), pairs AS (
       -- each of my answers beside the others' votes per label (my own vote taken out)
       SELECT m.id, m."participantId", t.n, t.n - (t.value = m.value)::int AS c, t.value = m.value AS own
       FROM mine m JOIN tally t ON t."unitId" = m."unitId" AND t.key = m.key
     ), ranked AS (
       SELECT *, max(c) OVER (PARTITION BY id) AS top FROM pairs
     ), judged AS (
       SELECT id, "participantId", sum(n) - 1 AS others, max(top) AS top,
              count(*) FILTER (WHERE c = top) AS leaders, bool_or(own AND c = top) AS agreed
       FROM ranked GROUP BY id, "participantId"
     ), compared AS (
       SELECT "participantId",
              count(*) FILTER (WHERE others >= 2 AND top > 0 AND leaders = 1)::int AS compared,
              count(*) FILTER (WHERE others >= 2 AND top > 0 AND leaders = 1 AND agreed)::int AS agree
       FROM judged GROUP BY "participantId"
     ), rests AS (
       SELECT v."participantId", count(*)::int AS n
       FROM own v JOIN answered u ON u."unitId" = v."unitId"
       WHERE u.n >= 3 GROUP BY 1
     )
     SELECT c."participantId", c.agree, c.compared, coalesce(r.n, 0) AS "restsOn"
     FROM compared c LEFT JOIN rests r ON r."participantId" = c."participantId"`,
    [study.id, ids],
  );
  const byId = new Map(rows.map((r) => [r.participantId, r]));
  return new Map(
    ids.map((id) => {
      const r = byId.get(id);
      const rate = r && r.compared > 0 ? r.agree / r.compared : null;
      return [id, { agreementWithMajority: rate, agreementUnits: rate === null ? 0 : r!.restsOn }];
    }),
  );
}
