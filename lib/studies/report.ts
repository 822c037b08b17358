import { pool } from "@/lib/db/pool";
import { withSnapshot } from "@/lib/db/snapshot";
import { readNotCounted } from "@/lib/designs/counted";
import { designOf, type Study } from "@/lib/designs";
import { studyResults } from "@/lib/studies/results";

// The numbers a study reports, as `sally report --json` prints them: the counts every design
// shares, then the design's own (human accuracy, criteria pass rates, rating correlations...). A
// design's own report figures are read in one snapshot, so its tables add up over the same answers
// even while people submit.
export async function studyReport(study: Study) {
  const design = designOf(study.design);
  const figuresOf = design.reportFigures;
  if (figuresOf) {
    const figures = await withSnapshot(async (client) => figuresOf({ client, study, notCounted: await readNotCounted(client, study.id) }));
    return { studyId: study.id, design: study.design, ...figures };
  }
  const results = await studyResults(study);
  const own = await design.report({ client: pool(), study }, results);
  return {
    studyId: study.id,
    design: study.design,
    responses: results.progress.responses,
    participants: results.progress.participants,
    ...own,
  };
}
