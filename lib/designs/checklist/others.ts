import type { Queryable } from "@/lib/db/queryable";

// showOthersAfterSubmit: what the other reviewers answered on the units this reviewer has
// already submitted. A reviewer sees a unit once, so this travels with the views of their later
// units (newest reviewed first): never a unit they have not answered themselves, and only
// answers that count (submitted assignments). Other reviewers are not named.

export interface OthersEntry {
  title: string | null;
  questions: string[];
  yours: unknown;
  others: { reviewer: string; review: unknown }[];
}

const SHOWN = 20;

export async function othersFor(client: Queryable, studyId: string, assignmentId: string): Promise<OthersEntry[]> {
  const { rows } = await client.query<{ title: string | null; prompts: string[] | null; yours: unknown; others: unknown[] }>(
    `WITH me AS (SELECT "participantId" AS id FROM "Assignment" WHERE id = $2 AND "studyId" = $1),
     mine AS (
       SELECT a."unitId", a."leasedAt", r.payload FROM "Assignment" a JOIN "Response" r ON r."assignmentId" = a.id
       WHERE a."studyId" = $1 AND a."participantId" = (SELECT id FROM me) AND a.status = 'submitted'
       ORDER BY a."leasedAt" DESC, a.id LIMIT $3
     )
     SELECT c.title, m.payload AS yours,
       (SELECT array_agg(q.prompt ORDER BY w.i) FROM unnest(u."questionIds") WITH ORDINALITY AS w(id, i) JOIN "Question" q ON q.id = w.id) AS prompts,
       (SELECT coalesce(jsonb_agg(r2.payload ORDER BY r2."submittedAt", r2.id), '[]'::jsonb)
          FROM "Response" r2 JOIN "Assignment" a2 ON a2.id = r2."assignmentId"
          WHERE r2."unitId" = m."unitId" AND a2.status = 'submitted' AND a2."participantId" <> (SELECT id FROM me)) AS others
     FROM mine m JOIN "StudyUnit" u ON u.id = m."unitId" JOIN "Context" c ON c.id = u."contextId"
     ORDER BY m."leasedAt" DESC`,
    [studyId, assignmentId, SHOWN],
  );
  return rows.map((r) => ({
    title: r.title,
    questions: r.prompts ?? [],
    yours: r.yours,
    others: r.others.map((review, i) => ({ reviewer: `Other reviewer ${i + 1}`, review })),
  }));
}
