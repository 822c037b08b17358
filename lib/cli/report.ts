// `sally report --study <id> [--json]`: the study's numbers, as the dashboard shows them.
import { z } from "zod";
import { defineCommand } from "@/lib/cli/args";
import { printJson, withDatabase } from "@/lib/cli/db";
import { OPERATOR } from "@/lib/datasets/service";
import { studyReport } from "@/lib/studies/report";
import { getStudyFor } from "@/lib/studies/service";

const USAGE = `Usage: npm run -s sally -- report --study <study id> [--json]
  Prints the study's figures: responses and participants, then the design's own (human accuracy by type and stratum
  with Wilson intervals, models on the same questions; criteria; ratings and correlations). --json: one JSON object.`;

const pct = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${(v * 100).toFixed(1)}%`);

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
    console.log(`Study ${report.studyId} (${report.design}): ${report.responses} responses from ${report.participants} participants`);
    const r = report as { byType?: { key: string; n: number; accuracy: number | null }[]; models?: { model: string; n: number; accuracy: number | null; diff: number | null }[] };
    for (const t of r.byType ?? []) console.log(`  ${t.key.padEnd(28)} ${pct(t.accuracy).padStart(7)}  n=${t.n}`);
    for (const m of r.models ?? []) console.log(`  model ${m.model.padEnd(22)} ${pct(m.accuracy).padStart(7)}  n=${m.n}  human − model ${m.diff === null ? "—" : (m.diff * 100).toFixed(1)}`);
    return 0;
  },
});
