import { readParticipantFigures, readTotals, readUnits } from "@/lib/designs/read";
import type { ReadCtx, ResultsSummary } from "@/lib/designs/types";
import type { BaselineConfig } from "@/lib/designs/baseline/config";
import { baselineFigures } from "@/lib/designs/baseline/results";
import { readTalliedProgress } from "@/lib/designs/baseline/progress";

// What the results API (and, with the table per participant, the overview) shows of a baseline study,
// without the results' per-unit work: the progress from the kept answer tallies (no unit row read), the median
// time read from the durations index, and the accuracy tables as the results compute them. Equal to the
// results' summary (lib/designs/baseline/results-sql.integration.test.ts compares them).

export async function baselineSummary(ctx: ReadCtx<BaselineConfig>, opts: { participants: boolean }): Promise<ResultsSummary> {
  const { client, study, notCounted } = ctx;
  const stage = Math.max(1, study.settings.stages.length);
  const progress = readTalliedProgress(client, study, stage);
  const participants = opts.participants ? () => readParticipantFigures(client, study, stage, notCounted) : null;
  const [units, totals, { byParticipant, ...figures }] = await Promise.all([
    progress,
    readTotals(client, study, stage, { notCounted, responses: progress.then((p) => p.responses) }),
    baselineFigures(ctx, () => readUnits(client, study.id), participants),
  ]);
  return {
    progress: {
      units: units.units,
      complete: units.complete,
      inProgress: units.started,
      remaining: units.units - units.complete - units.started,
      participants: totals.participants,
      responses: totals.responses,
      medianSecondsPerUnit: totals.medianSeconds,
    },
    ...figures,
    ...(opts.participants ? { byParticipant } : {}),
    tables: { participants: totals.participants },
  };
}
