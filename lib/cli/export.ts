import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { z } from "zod";
import { defineCommand } from "@/lib/cli/args";
import { withDatabase } from "@/lib/cli/db";
import { exportDataset, parseWhere } from "@/lib/datasets/export";

export const exportCommand = defineCommand({
  summary: "write a dataset back out (its own format, or Sally's JSONL/CSV), whole or filtered",
  usage: "Usage: npm run -s sally -- export --dataset <id> --format <source|jsonl|csv> [--out FILE] [--where TAG=VALUE …]",
  options: { dataset: { type: "string" }, format: { type: "string" }, out: { type: "string" }, where: { type: "string", multiple: true, default: [] } },
  schema: z.object({
    dataset: z.string({ error: "give --dataset <id>" }).uuid("--dataset must be a dataset id (see `sally datasets`)"),
    format: z.enum(["source", "jsonl", "csv"], { error: "--format must be source, jsonl or csv" }),
    out: z.string().min(1).optional(),
    where: z.array(z.string().regex(/^[^=]+=.*$/, "--where takes TAG=VALUE")),
  }),
  toInput: (p) => ({ dataset: p.values.dataset, format: p.values.format, out: p.values.out, where: p.values.where }),
  async run(input) {
    await withDatabase(async () => {
      const file = await exportDataset({ datasetId: input.dataset, format: input.format, filter: parseWhere(input.where) });
      const sink = input.out ? createWriteStream(input.out) : process.stdout;
      for await (const chunk of file.chunks) {
        if (!sink.write(chunk)) await once(sink, "drain");
      }
      if (input.out) {
        sink.end();
        await once(sink, "finish");
        console.error(`wrote ${input.out}`);
      }
    });
    return 0;
  },
});
