import { z } from "zod";
import { parseCommandArgs, UsageError } from "@/lib/cli/args";
import type { Command } from "@/lib/cli/commands";
import { printJson, withDatabase } from "@/lib/cli/db";
import { listDatasets } from "@/lib/datasets/service";

const USAGE = "Usage: npm run -s sally -- datasets [--json]";
const schema = z.object({ json: z.boolean(), extra: z.array(z.string()).max(0, "no positional arguments") });

export const datasetsCommand: Command = {
  summary: "list imported datasets",
  async run(args) {
    let json: boolean;
    try {
      ({ json } = parseCommandArgs(args, { json: { type: "boolean", default: false } }, schema, (p) => ({
        json: p.values.json,
        extra: p.positionals,
      })));
    } catch (err) {
      if (err instanceof UsageError) {
        console.error(`${err.message}\n${USAGE}`);
        return 2;
      }
      throw err;
    }
    const rows = await withDatabase(listDatasets);
    const list = rows.map((d) => ({ id: d.id, name: d.name, benchmark: d.benchmark, sourceRecords: d.sourceRecords, questions: d.questionCount }));
    if (json) {
      printJson(list);
    } else if (list.length === 0) {
      console.log("No datasets yet. Import one with: npm run -s sally -- import --benchmark auto <file>");
    } else {
      console.table(list);
    }
    return 0;
  },
};
