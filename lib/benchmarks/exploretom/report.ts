import { exploreTomBelief, exploreTomInteresting, exploreTomOrder } from "@/lib/benchmarks/exploretom/score";
import { resultsRow, scoreResults, tabulate, totals, type BenchmarkReport, type ReportTable, type ResultInput } from "@/lib/benchmarks/report";

// ExploreToM report. Mirrors how Sclar et al. break accuracy down: by ToM order (nth_order -1 = state
// tracking, 1st, 2nd; Table 2), by interesting vs uninteresting questions (§4, Table 6), and by false vs
// true belief (the relation type's -False / -True suffix) when the data carries it. The human check in
// §3 reports agreement with the generated labels separately for story structures and infilled stories
// (99% and 89%): pass the view a person read as `window` ("structure" / "infilled") to get that table.

const ORDER = { nth_order: ["-1", "1", "2"], interesting: ["interesting", "uninteresting"], belief: ["false belief", "true belief"] };

export function exploreTomReport(results: readonly ResultInput[]): BenchmarkReport {
  const scored = scoreResults(results);
  const tables: ReportTable[] = [
    { id: "overall", title: "All questions", rows: [resultsRow({ subset: "All" }, scored)] },
    { id: "nth_order", title: "By ToM order (-1 = state tracking)", rows: tabulate(scored, { nth_order: (r) => exploreTomOrder(r.question) }, { order: ORDER }) },
    { id: "interesting", title: "Interesting vs uninteresting questions", rows: tabulate(scored, { interesting: (r) => exploreTomInteresting(r.question) }, { order: ORDER }) },
  ];
  const belief = tabulate(scored, { belief: (r) => exploreTomBelief(r.question) }, { order: ORDER });
  if (belief.length) tables.push({ id: "belief", title: "False vs true belief", rows: belief });
  if (scored.some((r) => r.window)) {
    tables.push({ id: "view", title: "By story view (structure vs infilled)", rows: tabulate(scored, { view: (r) => r.window }, { order: { view: ["structure", "infilled"] } }) });
  }
  return { benchmark: "exploretom", tables, comparisons: [], ...totals(scored), notes: [] };
}
