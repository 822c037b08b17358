import { pool } from "@/lib/db/pool";
import { designOf, type Study } from "@/lib/designs";
import { studyResults } from "@/lib/studies/results";

// The numbers a study reports, as `sally report --json` prints them: the counts every design
// shares, then the design's own (human accuracy, criteria pass rates, rating correlations...).
export async function studyReport(study: Study) {
  const design = designOf(study.design);
  if (design.reportFigures) return { studyId: study.id, design: study.design, ...(await design.reportFigures({ client: pool(), study })) };
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
