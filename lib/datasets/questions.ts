import type { ContextView, Gold, QuestionKind, ScoringRule, TagValue } from "@/lib/benchmarks/types";
import type { ScoringQuestion } from "@/lib/benchmarks/scoring";
import type { Queryable } from "@/lib/db/queryable";

// Questions and contexts as studies read them, always through the caller's client (a
// transaction's, when there is one).
export interface StoredQuestion {
  id: string;
  contextId: string;
  recordIndex: number;
  position: number;
  sourceId: string;
  kind: QuestionKind;
  prompt: string;
  options: string[] | null;
  gold: Gold;
  scoring: ScoringRule;
  tags: Record<string, TagValue>;
  groupKeys: Record<string, string>;
}

export const QUESTION_COLUMNS = `q.id, q."contextId", q."recordIndex", q.position, q."sourceId", q.kind, q.prompt, q.options, q.gold, q.scoring, q.tags, q."groupKeys"`;

/** A stored question as the benchmarks' scorers take it. */
export function scoringQuestion(q: StoredQuestion): ScoringQuestion {
  return { id: q.id, kind: q.kind, gold: q.gold, scoring: q.scoring, options: q.options ?? undefined, tags: q.tags, groupKeys: q.groupKeys, sourceId: q.sourceId, position: q.position };
}

/** The questions with these ids, in the order given. */
export async function questionsByIds(client: Queryable, ids: readonly string[]): Promise<StoredQuestion[]> {
  if (ids.length === 0) return [];
  const { rows } = await client.query<StoredQuestion>(
    `SELECT ${QUESTION_COLUMNS} FROM unnest($1::uuid[]) WITH ORDINALITY AS w(id, i) JOIN "Question" q ON q.id = w.id ORDER BY w.i`,
    [ids],
  );
  return rows;
}

export interface StoredContext {
  id: string;
  title: string | null;
  defaultView: string;
  views: Record<string, ContextView>;
}

export async function contextById(client: Queryable, id: string): Promise<StoredContext> {
  const { rows } = await client.query<StoredContext>(`SELECT id, title, "defaultView", views FROM "Context" WHERE id = $1`, [id]);
  const context = rows[0];
  if (!context) throw new Error(`context ${id} does not exist`);
  return context;
}
