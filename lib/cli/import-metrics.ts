import { existsSync } from "node:fs";
import { z } from "zod";
import { defineCommand } from "@/lib/cli/args";
import { printJson, withDatabase } from "@/lib/cli/db";
import { importMetrics } from "@/lib/datasets/metrics";

export const importMetricsCommand = defineCommand({
  summary: "attach automatic metrics of model answers (CSV) to a dataset's questions",
  usage: `Usage: npm run -s sally -- import-metrics <file.csv> --dataset <id> [--json]
  Header sourceId,question,model,metric,value (question: position in the record, may be empty
  for records with one question), or questionId,model,metric,value. A re-import replaces values.`,
  options: { dataset: { type: "string" }, json: { type: "boolean", default: false } },
  schema: z.object({
    file: z.string({ error: "give the metrics file" }).min(1).refine(existsSync, "no such file"),
    dataset: z.string({ error: "give --dataset <id>" }).uuid("--dataset must be a dataset id (see `sally datasets`)"),
    json: z.boolean(),
  }),
  toInput: (p) => ({ file: p.positionals[0], dataset: p.values.dataset, json: p.values.json }),
  async run(input) {
    const result = await withDatabase(() => importMetrics({ datasetId: input.dataset, file: input.file }));
    if (input.json) {
      printJson(result);
      return 0;
    }
    console.log(`Imported ${result.imported} value(s) of ${result.metrics.join(", ") || "no metric"} for ${result.models.join(", ") || "no model"} from ${result.rows} row(s).`);
    if (result.unknownCount) {
      console.log(`${result.unknownCount} row(s) did not match a question and were skipped:`);
      for (const u of result.unknown) console.log(`  line ${u.line}: ${u.questionId ? `questionId ${u.questionId}` : `sourceId ${u.sourceId}${u.question !== undefined ? ` question ${u.question}` : ""}`}: ${u.reason}`);
      if (result.unknownCount > result.unknown.length) console.log(`  … and ${result.unknownCount - result.unknown.length} more`);
    }
    return 0;
  },
});
