import { existsSync } from "node:fs";
import { z } from "zod";
import { parseCommandArgs, UsageError } from "@/lib/cli/args";
import type { Command } from "@/lib/cli/commands";
import { printJson, withDatabase } from "@/lib/cli/db";
import { importPredictions } from "@/lib/datasets/predictions";
import { AppError } from "@/lib/http/errors";

const USAGE = `Usage: npm run -s sally -- import-predictions <file.jsonl> --dataset <id> [--json]
  Each line: {"sourceId": "...", "question": <position in the record, optional>, "model": "...", "answer": ...}`;

const schema = z.object({
  file: z.string({ error: "give the predictions file" }).min(1).refine(existsSync, "no such file"),
  dataset: z.string({ error: "give --dataset <id>" }).uuid("--dataset must be a dataset id (see `sally datasets`)"),
  json: z.boolean(),
});

export const importPredictionsCommand: Command = {
  summary: "link model answers or judgements (JSONL) to a dataset's questions",
  async run(args) {
    let input: z.infer<typeof schema>;
    try {
      input = parseCommandArgs(args, { dataset: { type: "string" }, json: { type: "boolean", default: false } }, schema, (p) => ({
        file: p.positionals[0],
        dataset: p.values.dataset,
        json: p.values.json,
      }));
    } catch (err) {
      if (err instanceof UsageError) {
        console.error(`${err.message}\n${USAGE}`);
        return 2;
      }
      throw err;
    }
    try {
      const result = await withDatabase(() => importPredictions({ datasetId: input.dataset, file: input.file }));
      if (!input.json) {
        console.log(`Imported ${result.imported} prediction(s) for ${result.models.join(", ") || "no model"} from ${result.lines} line(s).`);
        if (result.unknownCount) {
          console.log(`${result.unknownCount} line(s) did not match a question and were skipped:`);
          for (const u of result.unknown) console.log(`  line ${u.line}: sourceId ${u.sourceId}${u.question !== undefined ? ` question ${u.question}` : ""}: ${u.reason}`);
          if (result.unknownCount > result.unknown.length) console.log(`  … and ${result.unknownCount - result.unknown.length} more`);
        }
      } else printJson(result);
      return 0;
    } catch (err) {
      if (err instanceof AppError) {
        console.error(`error: ${err.message}`);
        for (const p of err.invalidParams ?? []) console.error(`  ${p.reason}`);
        const total = err.extra?.total as number | undefined;
        if (total && total > (err.invalidParams?.length ?? 0)) console.error(`  … ${total} in all`);
        return 1;
      }
      throw err;
    }
  },
};
