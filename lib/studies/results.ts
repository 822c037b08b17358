import { pool } from "@/lib/db/pool";
import type { Queryable } from "@/lib/db/queryable";
import { designOf, type DesignResults, type Study } from "@/lib/designs";

// A study's results, computed by its design from the valid answers.
export function studyResults(study: Study, client: Queryable = pool(), aggregation?: "majority" | "dawid-skene"): Promise<DesignResults> {
  return designOf(study.design).results({ client, study, aggregation });
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
