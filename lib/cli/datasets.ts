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
    else console.log(textTable(list));
    return 0;
  },
});

/** Columns aligned with spaces, a header line first: what a terminal reader wants, without console.table's index column. */
function textTable(rows: Record<string, string | number>[]): string {
  const keys = Object.keys(rows[0]!);
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  return [line(keys), ...rows.map((r) => line(keys.map((k) => String(r[k]))))].join("\n");
}
