import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { defineCommand } from "@/lib/cli/args";
import { printJson, withDatabase } from "@/lib/cli/db";
import { tagQuestions } from "@/lib/datasets/tags";

export const tagQuestionsCommand = defineCommand({
  summary: "tag a dataset's questions from a CSV questionId,tag,value (pools, subsets)",
  usage: `Usage: npm run -s sally -- tag-questions <file.csv> --dataset <id> [--json]
  The CSV has the header questionId,tag,value; values true/false and numbers are stored as such.
  All or nothing: a row that is not valid, or names a question of another dataset, changes nothing.`,
  options: { dataset: { type: "string" }, json: { type: "boolean", default: false } },
  schema: z.object({
    file: z.string({ error: "give the tags file" }).min(1).refine(existsSync, "no such file"),
    dataset: z.string({ error: "give --dataset <id>" }).uuid("--dataset must be a dataset id (see `sally datasets`)"),
    json: z.boolean(),
  }),
  toInput: (p) => ({ file: p.positionals[0], dataset: p.values.dataset, json: p.values.json }),
  async run(input) {
    const result = await withDatabase(() => tagQuestions({ datasetId: input.dataset, csv: readFileSync(input.file, "utf8"), actorId: null }));
    if (input.json) printJson(result);
    else console.log(`Tagged ${result.questions} question(s) with ${result.tags.join(", ")}.`);
    return 0;
  },
});
