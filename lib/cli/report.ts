// `sally report --study <id> [--json]`: the study's numbers, as the dashboard shows them.
import { z } from "zod";
import { defineCommand } from "@/lib/cli/args";
import { printJson, withDatabase } from "@/lib/cli/db";
import { reportText } from "@/lib/cli/report-text";
import { OPERATOR } from "@/lib/datasets/service";
import { studyReport } from "@/lib/studies/report";
import { getStudyFor } from "@/lib/studies/service";

const USAGE = `Usage: npm run -s sally -- report --study <study id> [--json]
  Prints the study's figures: responses and participants, then the design's own (human accuracy by type, group × stage
  and stratum with Wilson intervals, the benchmark's own tables, models on the same questions; criteria; ratings and
  correlations; units by decision and agreement per check). --json: one JSON object.`;

export const reportCommand = defineCommand({
  summary: "print a study's figures (human accuracy, agreement, ratings)",
  usage: USAGE,
  options: { study: { type: "string" }, json: { type: "boolean", default: false } },
  schema: z.object({ study: z.uuid("give --study <study id>"), json: z.boolean(), rest: z.array(z.string()).max(0, "no positional arguments") }),
  toInput: (p) => ({ study: p.values.study, json: p.values.json, rest: p.positionals }),
  async run({ study: id, json }) {
    const report = await withDatabase(async () => studyReport(await getStudyFor(OPERATOR, id)));
    if (json) {
      printJson(report);
      return 0;
    }
    console.log(reportText(report));
    return 0;
  },
});
