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
  return atOneMoment(study, results, { aggregation });
}

/**
 * Runs what a read worked out and offers to keep for later reads (kept decisions, agreement). By
 * default the read awaits it (scripts, tests, exports). A page or route passes Next's `after`
 * (lib/http/after.ts), so it runs once the response is sent: when every decision is stale at a million answers (the LLM judge's
 * predictions imported again), keeping 50,000 of them is 0.7–0.8 s the researcher need not wait for. A read that comes before it ends works
 * those units out again, as when a write fails (every kept row is checked against its inputs).
 */
export type Keeper = (write: () => Promise<void>) => void | Promise<void>;

export interface MomentOptions {
  aggregation?: "majority" | "dawid-skene";
  /** the snapshot's connections (lib/db/snapshot.ts) */
  width?: number;
  keep?: Keeper;
}

/** `fn` on a study read in one snapshot, with the context a design's reads take (the not-counted list
 *  read in it): for anything whose figures must agree with the results (a manifest, a release, the quality page).
 *  What the read worked out and offered to keep (ReadCtx.later) is written once the snapshot is over, or
 *  handed to `keep` to write later. */
export async function atOneMoment<T>(study: Study, fn: (ctx: ReadCtx<unknown>) => Promise<T>, { aggregation, width = 4, keep }: MomentOptions = {}): Promise<T> {
  const writes: ((client: Queryable) => Promise<void>)[] = [];
  const later = (write: (client: Queryable) => Promise<void>) => void writes.push(write);
  const value = await readStudyAtOneMoment(study.id, (client, notCounted) => fn({ client, study, aggregation, notCounted, later }), width);
  const writeAll = async () => {
    for (const write of writes) await write(pool());
  };
  if (keep && writes.length) await keep(writeAll);
  else await writeAll();
  return value;
}

/** What the results API sends: from the design's own summary when it has one (read in one snapshot,
 *  without the whole results), else from the results. */
export async function studySummary(study: Study, aggregation?: "majority" | "dawid-skene", keep?: Keeper): Promise<ResultsSummary> {
  return (await readSummary(study, { aggregation, keep }, false)).summary;
}

/** What the overview shows: the summary (then `results` is null where the design reads it without
 *  them), and the exports list's "nothing kept yet" read in the same snapshot. */
export function studyOverview(study: Study, keep?: Keeper): Promise<{ summary: ResultsSummary; results: DesignResults | null; keptRecords?: number }> {
  return readSummary(study, { keep }, true);
}

async function readSummary(study: Study, { aggregation, keep }: Pick<MomentOptions, "aggregation" | "keep">, overview: boolean) {
  const design = designOf(study.design);
  if (design.summary) {
    const { summary, keptRecords } = await atOneMoment(
      study,
      async (ctx) => {
        const { after, ...read } = await design.summary!(ctx, { keptRecords: overview && design.validatedRecords !== undefined, overview });
        ctx.later!(after);
        return read;
      },
      { aggregation, keep },
    );
    if (summary) return { summary, results: null, ...(keptRecords !== undefined ? { keptRecords } : {}) };
  }
  const results = await atOneMoment(study, design.results, { aggregation, keep });
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
