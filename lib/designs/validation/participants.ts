import type { ReadCtx } from "@/lib/designs/types";
import type { ValidationConfig } from "@/lib/designs/validation/config";

// Agreement with the others' majority for a page of participants, in SQL: the rule of
// lib/metrics' leaveOneOutAgreement (the plurality of the others; a tie compares nothing; an
// item, a unit × check, needs at least 2 other answers), over the items the page's people answered.
//
// A person's counted answers to a unit are their submitted assignment's part of the unit's tally
// (AssignmentTally, kept by triggers: what counts, as counted() selects it), and the others' votes are
// the unit's tally less that one vote. Whether a vote agrees follows from the item's counts alone: the
// highest count and how many labels have it, and the next. At N = 20 an item's counts are one of a few
// dozen kinds, so PostgreSQL works each kind out once (Memoize) rather than once per vote.

export interface AgreementRow {
  participantId: string;
  /** votes that agree with the others' plurality, of those `compared` */
  agree: number;
  compared: number;
  /** answers to units with at least 3 answers */
  restsOn: number;
}

/** Agreement worked out from the tallies, for participants with a counted vote (others have no row). */
export async function readAgreement({ client, study }: ReadCtx<ValidationConfig>, ids: string[]): Promise<Map<string, AgreementRow>> {
  const { rows } = await client.query<AgreementRow>(
    `WITH mine AS MATERIALIZED (
       SELECT a."participantId", a.id AS "assignmentId", x."unitId", x.responses, x.votes
       FROM "Assignment" a JOIN "AssignmentTally" x ON x."assignmentId" = a.id
       WHERE a."participantId" = ANY($2::uuid[]) AND a."studyId" = $1 AND a.status = 'submitted'
     ), judged AS (
       -- each of my votes (times: my answers of the assignment with that label) on the item's counts
       SELECT m."participantId", v.value::int AS times, j.compared, j.agreed
       FROM mine m JOIN "UnitTally" t ON t."unitId" = m."unitId"
       -- each assignment's votes are its own (they name its unit's questions), so a cache of their keys
       -- (Memoize, which PostgreSQL picks not knowing how many kinds a CTE holds) only misses: at 1M
       -- answers 0.2 s of 0.9. Naming the assignment in the subquery tells it so.
       CROSS JOIN LATERAL (SELECT * FROM jsonb_each(m.votes) WHERE m."assignmentId" IS NOT NULL OFFSET 0) e
       CROSS JOIN LATERAL jsonb_each_text(e.value) v
       CROSS JOIN LATERAL (SELECT t.votes -> e.key AS counts OFFSET 0) item
       CROSS JOIN LATERAL (
         -- my label's count (mine included), the highest count (m1) and how many labels have it (k1),
         -- the next count (m2, none when every label has m1) and how many have it (k2); with my vote
         -- taken out, the others' plurality can be my label only when it held the one highest count
         SELECT total - 1 >= 2 AND top > 0 AND leaders = 1 AS compared, total - 1 >= 2 AND top > 0 AND leaders = 1 AND lead AS agreed
         FROM (
           SELECT total,
             CASE WHEN cl < m1 OR k1 > 1 THEN m1 ELSE greatest(m1 - 1, coalesce(m2, 0)) END AS top,
             CASE WHEN cl < m1 THEN k1 WHEN k1 > 1 THEN k1 - 1 WHEN m2 IS NOT NULL AND m1 - 1 = m2 THEN 1 + k2 ELSE 1 END AS leaders,
             cl = m1 AND k1 = 1 AS lead
           FROM (
             SELECT total, cl, c[1] AS m1, cardinality(array_positions(c, c[1])) AS k1,
                    c[cardinality(array_positions(c, c[1])) + 1] AS m2,
                    cardinality(array_positions(c, c[cardinality(array_positions(c, c[1])) + 1])) AS k2
             FROM (SELECT sum(l.value::int)::int AS total, array_agg(l.value::int ORDER BY l.value::int DESC) AS c, (item.counts ->> v.key)::int AS cl
                   FROM jsonb_each_text(item.counts) l) counts
           ) ranks
         ) outcome
         -- kept a subquery of its own, so that each kind of item is worked out once, not once per vote
         OFFSET 0
       ) j
     ), compared AS (
       SELECT "participantId", coalesce(sum(times) FILTER (WHERE compared), 0)::int AS compared, coalesce(sum(times) FILTER (WHERE agreed), 0)::int AS agree
       FROM judged GROUP BY 1
     ), rests AS (
       -- my answers to units with at least 3 answers
       SELECT m."participantId", sum(m.responses)::int AS n
       FROM mine m JOIN "UnitTally" t ON t."unitId" = m."unitId"
       WHERE t.responses >= 3 GROUP BY 1
     )
     SELECT c."participantId", c.agree, c.compared, coalesce(r.n, 0) AS "restsOn"
     FROM compared c LEFT JOIN rests r ON r."participantId" = c."participantId"`,
    [study.id, ids],
  );
  return new Map(rows.map((r) => [r.participantId, r]));
}
