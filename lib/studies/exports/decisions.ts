import { streamBatches } from "@/lib/db/stream";
import type { DesignResults, Study, VoteUnit } from "@/lib/designs";
import { columns, type Cell } from "@/lib/studies/exports/table";

// The unit decisions of a design that decides on items (validation, checklist review): one row per
// unit with what it covers, the decision and its reasons, and per check the votes, the majority and
// any adjudication (JSON text), as the units page shows them.

export const DECISION_COLUMNS = columns(
  "unit_ordinal:INT32",
  "study_unit:STRING",
  "context_id:STRING",
  "context_title:STRING?",
  "question_ids:STRING",
  "source_ids:STRING",
  "status:STRING",
  "reasons:STRING",
  "reasons_text:STRING",
  "rejected_questions:STRING",
  "checks:STRING",
  "answers:INT32",
);

const SQL = `SELECT u.id, u.ordinal, u."contextId" AS context_id, c.title, u."questionIds"::text[] AS question_ids,
    (SELECT coalesce(array_agg(q."sourceId" ORDER BY w.o), '{}') FROM unnest(u."questionIds") WITH ORDINALITY AS w(qid, o)
       JOIN "Question" q ON q.id = w.qid) AS source_ids
  FROM "StudyUnit" u JOIN "Context" c ON c.id = u."contextId" WHERE u."studyId" = $1 ORDER BY u.ordinal`;

interface UnitRow {
  id: string;
  ordinal: number;
  context_id: string;
  title: string | null;
  question_ids: string[];
  source_ids: string[];
}

/** Whether a design's results decide on units (those have a decisions export). */
export function decidesUnits(results: DesignResults): results is DesignResults & { units: VoteUnit[] } {
  return Array.isArray(results.units);
}

/** A decision reason in words, from the design's own labels. */
export function reasonText(results: DesignResults, reason: string): string {
  return results.reasonLabels?.[reason] ?? reason;
}

export async function* decisionRows(study: Study, results: DesignResults & { units: VoteUnit[] }): AsyncGenerator<Cell[][]> {
  const byId = new Map(results.units.map((u) => [u.unitId, u]));
  for await (const batch of streamBatches<UnitRow>(SQL, [study.id])) {
    yield batch.map((u) => {
      const unit = byId.get(u.id);
      const decision = unit?.decision;
      const checks = Object.fromEntries(
        Object.entries(decision?.checks ?? {}).map(([key, t]) => [key, { counts: t.counts, votes: t.votes, majority: t.majority, tie: t.tie, adjudicated: t.adjudicated, effective: t.effective }]),
      );
      return [
        u.ordinal,
        u.id,
        u.context_id,
        u.title,
        JSON.stringify(u.question_ids),
        JSON.stringify([...new Set(u.source_ids)]),
        decision?.status ?? "incomplete",
        (decision?.reasons ?? []).join("; "),
        (decision?.reasons ?? []).map((r) => reasonText(results, r)).join("; "),
        JSON.stringify(decision?.rejectedQuestions ?? []),
        JSON.stringify(checks),
        unit?.submitted ?? 0,
      ];
    });
  }
}
