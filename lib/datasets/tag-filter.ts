import { z } from "zod";

// A study's selection of a dataset's questions: tag → accepted values. A question matches when
// every listed tag has one of its values (values of one tag are alternatives).
export const tagFilterSchema = z
  .record(z.string().min(1).max(100), z.array(z.string().max(500)).min(1).max(200))
  .default({});
export type TagFilter = Record<string, string[]>;

/** The filter as SQL over `q` (the Question table), its parameters numbered from `firstParam`. */
export function filterSql(filter: TagFilter, firstParam: number): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  for (const [tag, values] of Object.entries(filter)) {
    params.push(tag, values);
    const t = firstParam + params.length - 2;
    clauses.push(`q.tags->>$${t}::text = ANY($${t + 1}::text[])`);
  }
  return { sql: clauses.length ? ` AND ${clauses.join(" AND ")}` : "", params };
}
