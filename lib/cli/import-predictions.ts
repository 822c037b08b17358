import { existsSync } from "node:fs";
import { z } from "zod";
import { defineCommand } from "@/lib/cli/args";
import { printJson, withDatabase } from "@/lib/cli/db";
import { importPredictions } from "@/lib/datasets/predictions";

export const importPredictionsCommand = defineCommand({
  summary: "link model answers or judgements (JSONL) to a dataset's questions",
  usage: `Usage: npm run -s sally -- import-predictions <file.jsonl> --dataset <id> [--json]
  Each line: {"sourceId": "...", "question": <position in the record, optional>, "model": "...", "answer": ...}`,
  options: { dataset: { type: "string" }, json: { type: "boolean", default: false } },
  schema: z.object({
    file: z.string({ error: "give the predictions file" }).min(1).refine(existsSync, "no such file"),
    dataset: z.string({ error: "give --dataset <id>" }).uuid("--dataset must be a dataset id (see `sally datasets`)"),
    json: z.boolean(),
  }),
  toInput: (p) => ({ file: p.positionals[0], dataset: p.values.dataset, json: p.values.json }),
  async run(input) {
    const result = await withDatabase(() => importPredictions({ datasetId: input.dataset, file: input.file }));
    if (input.json) {
      printJson(result);
      return 0;
    }
    console.log(`Imported ${result.imported} prediction(s) for ${result.models.join(", ") || "no model"} from ${result.lines} line(s).`);
    if (result.unknownCount) {
      console.log(`${result.unknownCount} line(s) did not match a question and were skipped:`);
      for (const u of result.unknown) console.log(`  line ${u.line}: sourceId ${u.sourceId}${u.question !== undefined ? ` question ${u.question}` : ""}: ${u.reason}`);
      if (result.unknownCount > result.unknown.length) console.log(`  … and ${result.unknownCount - result.unknown.length} more`);
    }
    return 0;
  },
});
