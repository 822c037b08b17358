import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { z } from "zod";
import { defineCommand } from "@/lib/cli/args";
import { printJson, withDatabase } from "@/lib/cli/db";
import { datasetErrata, errataCsv, type ErrataRow } from "@/lib/datasets/errata";

const USAGE = `Usage: npm run -s sally -- errata --from <datasetId> --to <datasetId> [--out FILE] [--json]
  What changed from one version of a dataset to another, matched by source id: records added, removed and
  changed, and questions whose gold answer changed. Without --out, errata.csv goes to standard output; with
  --json the last line is {"from","to","counts":{removed,key_changed,added,changed},"rows"|"out"}.`;

const id = (flag: string) => z.string({ error: `give ${flag} <datasetId>` }).uuid(`${flag} must be a dataset id (see \`sally datasets\`)`);

export const errataCommand = defineCommand({
  summary: "errata between two versions of a dataset (CSV, formula-safe)",
  usage: USAGE,
  options: { from: { type: "string" }, to: { type: "string" }, out: { type: "string" }, json: { type: "boolean", default: false } },
  schema: z.object({ from: id("--from"), to: id("--to"), out: z.string().min(1).optional(), json: z.boolean(), extra: z.array(z.string()).max(0, "no positional arguments") }),
  toInput: (p) => ({ from: p.values.from, to: p.values.to, out: p.values.out, json: p.values.json, extra: p.positionals }),
  async run(input) {
    await withDatabase(async () => {
      const errata = await datasetErrata(input.from, input.to);
      const versions = { from: { id: errata.from.id, name: errata.from.name, versionLabel: errata.from.versionLabel }, to: { id: errata.to.id, name: errata.to.name, versionLabel: errata.to.versionLabel } };
      if (input.json && !input.out) {
        // rows in the JSON itself: for diffs small enough to read; --out streams any size
        const rows: ErrataRow[] = [];
        for await (const batch of errata.rows) rows.push(...batch);
        printJson({ ...versions, counts: errata.counts, rows });
        return;
      }
      const sink = input.out ? createWriteStream(input.out) : process.stdout;
      for await (const chunk of errataCsv(errata.rows)) {
        if (!sink.write(chunk)) await once(sink, "drain");
      }
      if (input.out) {
        sink.end();
        await once(sink, "finish");
        const c = errata.counts;
        console.error(`wrote ${input.out}: ${c.added} added, ${c.removed} removed, ${c.changed} changed, ${c.key_changed} gold answers changed`);
        if (input.json) printJson({ ...versions, counts: errata.counts, out: input.out });
      }
    });
    return 0;
  },
});
