import type { DesignResults, ResultsSummary, Study } from "@/lib/designs";
import type { Timeline } from "@/lib/studies/timeline";

/** What every design's overview is handed: the study, its results (the design's own shape; only their
 *  summary for a design that reads one: lib/studies/results.ts, studySummary) and the timeline, still
 *  being read (its charts stream in: ChartsOverTime). */
export interface OverviewProps {
  study: Study;
  results: DesignResults | ResultsSummary;
  timeline: Promise<Timeline>;
}
