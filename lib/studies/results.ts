import { pool } from "@/lib/db/pool";
import type { Queryable } from "@/lib/db/queryable";
import { readStudyAtOneMoment } from "@/lib/designs/counted";
import { designOf, type DesignResults, type ReadCtx, type ResultsSummary, type Study } from "@/lib/designs";

// A study's results, computed by its design from the valid answers. Without a client of the
// caller's, they are read in one snapshot (lib/db/snapshot.ts), so the progress, the tables and the
// per-participant figures count the same answers even while people submit.
export function studyResults(study: Study, client?: Queryable, aggregation?: "majority" | "dawid-skene"): Promise<DesignResults> {
  const results = designOf(study.design).results;
  if (client) return results({ client, study, aggregation });
  return atOneMoment(study, results, aggregation);
}

/** `fn` on a study read in one snapshot, with the context a design's reads take (the not-counted list
 *  read in it): for anything whose figures must agree with the results (a manifest, a release, the quality page).
 *  What the read worked out and offered to keep (ReadCtx.later) is written once the snapshot is over. */
export async function atOneMoment<T>(study: Study, fn: (ctx: ReadCtx<unknown>) => Promise<T>, aggregation?: "majority" | "dawid-skene", width = 4): Promise<T> {
  const writes: ((client: Queryable) => Promise<void>)[] = [];
  const later = (write: (client: Queryable) => Promise<void>) => void writes.push(write);
  const value = await readStudyAtOneMoment(study.id, (client, notCounted) => fn({ client, study, aggregation, notCounted, later }), width);
  for (const write of writes) await write(pool());
  return value;
}

/** What the results API sends: from the design's own summary when it has one (read in one snapshot,
 *  without the whole results), else from the results. */
export async function studySummary(study: Study, aggregation?: "majority" | "dawid-skene"): Promise<ResultsSummary> {
  return (await readSummary(study, aggregation, false)).summary;
}

/** What the overview shows: the summary (then `results` is null where the design reads it without
 *  them), and the exports list's "nothing kept yet" read in the same snapshot. */
export function studyOverview(study: Study): Promise<{ summary: ResultsSummary; results: DesignResults | null; keptRecords?: number }> {
  return readSummary(study, undefined, true);
}

async function readSummary(study: Study, aggregation: "majority" | "dawid-skene" | undefined, overview: boolean) {
  const design = designOf(study.design);
  if (design.summary) {
    const { summary, keptRecords } = await atOneMoment(
      study,
      async (ctx) => {
        const { after, ...read } = await design.summary!(ctx, { keptRecords: overview && design.validatedRecords !== undefined, overview });
        ctx.later!(after);
        return read;
      },
      aggregation,
    );
    if (summary) return { summary, results: null, ...(keptRecords !== undefined ? { keptRecords } : {}) };
  }
  const results = await studyResults(study, undefined, aggregation);
  return { summary: resultsSummary(results), results };
}

/** What the results API sends: the summary, without the per-unit and per-participant tables
 *  (GET .../units and .../participants page through those), and how long each table is. */
export function resultsSummary(results: DesignResults & { byParticipant?: unknown[] }): ResultsSummary {
  const { units, participants, queue, byParticipant: _byParticipant, ...summary } = results;
  return {
    ...summary,
    tables: {
      ...(units ? { units: units.length } : {}),
      participants: participants.length,
      ...(queue ? { queue: queue.length } : {}),
    },
  };
}
