import { z } from "zod";
import { defineCommand } from "@/lib/cli/args";
import { printJson, withDatabase } from "@/lib/cli/db";
import { listDatasets, OPERATOR } from "@/lib/datasets/service";

export const datasetsCommand = defineCommand({
  summary: "list imported datasets",
  usage: "Usage: npm run -s sally -- datasets [--json]",
  options: { json: { type: "boolean", default: false } },
  schema: z.object({ json: z.boolean(), extra: z.array(z.string()).max(0, "no positional arguments") }),
  toInput: (p) => ({ json: p.values.json, extra: p.positionals }),
  async run({ json }) {
    const rows = await withDatabase(() => listDatasets(OPERATOR));
    const list = rows.map((d) => ({ id: d.id, name: d.name, benchmark: d.benchmark, sourceRecords: d.sourceRecords, questions: d.questionCount }));
    if (json) printJson(list);
    else if (list.length === 0) console.log("No datasets yet. Import one with: npm run -s sally -- import --benchmark auto <file>");
    else console.table(list);
    return 0;
  },
});
