import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { TagFilter } from "@/components/datasets/tag-filter";
import { requirePage } from "@/lib/auth/guards";
import { ADAPTERS, isBenchmarkName, labelOf } from "@/lib/benchmarks/registry";
import { BENCHMARKS, type ContextView } from "@/lib/benchmarks/types";
import type { Actor } from "@/lib/auth/permissions";
import { datasetScope, datasetScopeSql, getDatasetFor } from "@/lib/datasets/access";
import { listDatasets } from "@/lib/datasets/service";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { AppError } from "@/lib/errors";
import { filterSql } from "@/lib/datasets/tag-filter";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const QUESTIONS_PER_PAGE = 25;

export function benchmarkOptions(): { value: string; label: string }[] {
  return BENCHMARKS.map((b) => ({ value: b, label: ADAPTERS[b].label }));
}

export function benchmarkLabel(name: string): string {
  return isBenchmarkName(name) ? labelOf(name) : name;
}

export const datasetRows = (user: Actor) => listDatasets(user);

/** The dataset a page is about, read once per request; a bad, unknown or hidden id is a 404. */
export const datasetForPage = cache(async (id: string) => {
  const user = await requirePage("datasets.read");
  if (!UUID.test(id)) notFound();
  try {
    return { user, dataset: await getDatasetFor(user, id, "read") };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
});

export interface QuestionRow {
  id: string;
  contextId: string;
  contextTitle: string | null;
  recordIndex: number;
  position: number;
  sourceId: string;
  kind: string;
  prompt: string;
  options: unknown;
  gold: unknown;
  tags: Record<string, unknown>;
}

const QUESTION_COLUMNS = `q.id, q."contextId", c.title AS "contextTitle", q."recordIndex", q.position, q."sourceId", q.kind::text AS kind,
  q.prompt, q.options, q.gold, q.tags`;

/**
 * One page of a dataset's questions matching the tag filter, in file order, with the total. The
 * questions carry gold answers, so the query itself is scoped to datasets the actor may read.
 */
export async function questionPage(
  actor: Actor,
  datasetId: string,
  filter: TagFilter,
  requestedPage: number,
): Promise<{ rows: QuestionRow[]; total: number; page: number; pages: number }> {
  const scope = datasetScopeSql(actor, "d", 2);
  const f = filterSql(filter, 2 + scope.params.length);
  const where = `q."datasetId" = $1 AND EXISTS (SELECT 1 FROM "Dataset" d WHERE d.id = q."datasetId" AND ${scope.sql})${f.sql}`;
  const params = [datasetId, ...scope.params, ...f.params];
  const count = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "Question" q WHERE ${where}`, params);
  const total = count.rows[0]?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / QUESTIONS_PER_PAGE));
  const page = Math.min(Math.max(requestedPage, 1), pages);
  const offset = (page - 1) * QUESTIONS_PER_PAGE;
  const { rows } = await pool().query<QuestionRow>(
    `SELECT ${QUESTION_COLUMNS} FROM "Question" q JOIN "Context" c ON c.id = q."contextId"
     WHERE ${where} ORDER BY q."recordIndex", q.position LIMIT ${QUESTIONS_PER_PAGE} OFFSET ${offset}`,
    params,
  );
  return { rows, total, page, pages };
}

/** A context of the dataset with its questions in file order; a bad or foreign id is a 404. */
export const contextForPage = cache(async (actor: Actor, datasetId: string, contextId: string) => {
  if (!UUID.test(contextId)) notFound();
  const context = await db().context.findFirst({ where: { id: contextId, datasetId, dataset: datasetScope(actor) } });
  if (!context) notFound();
  const { rows } = await pool().query<QuestionRow>(
    `SELECT ${QUESTION_COLUMNS} FROM "Question" q JOIN "Context" c ON c.id = q."contextId"
     WHERE q."contextId" = $1 ORDER BY q."recordIndex", q.position`,
    [contextId],
  );
  return {
    id: context.id,
    title: context.title,
    kind: context.kind,
    defaultView: context.defaultView,
    views: context.views as unknown as Record<string, ContextView>,
    questions: rows,
  };
});
