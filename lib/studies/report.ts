import { designOf, type Study } from "@/lib/designs";
import { atOneMoment } from "@/lib/studies/results";

// The numbers a study reports, as `sally report --json` prints them: the counts every design
// shares, then the design's own (human accuracy, criteria pass rates, rating correlations...). All
// read in one snapshot, so the tables add up over the same answers even while people submit.
export function studyReport(study: Study) {
  const design = designOf(study.design);
  return atOneMoment(study, async (ctx) => {
    if (design.reportFigures) return { studyId: study.id, design: study.design, ...(await design.reportFigures(ctx)) };
    const results = await design.results(ctx);
    const own = await design.report(ctx, results);
    return {
      studyId: study.id,
      design: study.design,
      responses: results.progress.responses,
      participants: results.progress.participants,
      ...own,
    };
  });
}
