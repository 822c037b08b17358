import type { Queryable } from "@/lib/db/queryable";
import { readStudyAtOneMoment } from "@/lib/designs/counted";
import { designOf, type DesignResults, type ReadCtx, type Study } from "@/lib/designs";

// A study's results, computed by its design from the valid answers. Without a client of the
// caller's, they are read in one snapshot (lib/db/snapshot.ts), so the progress, the tables and the
// per-participant figures count the same answers even while people submit.
export function studyResults(study: Study, client?: Queryable, aggregation?: "majority" | "dawid-skene"): Promise<DesignResults> {
  const results = designOf(study.design).results;
  if (client) return results({ client, study, aggregation });
  return atOneMoment(study, results, aggregation);
}

/** `fn` on a study read in one snapshot, with the context a design's reads take (the not-counted list
 *  read in it): for anything whose figures must agree with the results (a manifest, a release, the quality page). */
export function atOneMoment<T>(study: Study, fn: (ctx: ReadCtx<unknown>) => Promise<T>, aggregation?: "majority" | "dawid-skene"): Promise<T> {
  return readStudyAtOneMoment(study.id, (client, notCounted) => fn({ client, study, aggregation, notCounted }), 4);
}

/** What the results API sends: the summary, without the per-unit and per-participant tables
 *  (GET .../units and .../participants page through those), and how long each table is. */
export function resultsSummary(results: DesignResults & { byParticipant?: unknown[] }): Record<string, unknown> {
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
