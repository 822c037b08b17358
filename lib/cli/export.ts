import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { z } from "zod";
import { parseCommandArgs, UsageError } from "@/lib/cli/args";
import type { Command } from "@/lib/cli/commands";
import { withDatabase } from "@/lib/cli/db";
import { reportError } from "@/lib/cli/report-error";
import { exportDataset, parseWhere } from "@/lib/datasets/export";

const USAGE = "Usage: npm run -s sally -- export --dataset <id> --format <source|jsonl|csv> [--out FILE] [--where TAG=VALUE …]";

const schema = z.object({
  dataset: z.string({ error: "give --dataset <id>" }).uuid("--dataset must be a dataset id (see `sally datasets`)"),
  format: z.enum(["source", "jsonl", "csv"], { error: "--format must be source, jsonl or csv" }),
  out: z.string().min(1).optional(),
  where: z.array(z.string().regex(/^[^=]+=.*$/, "--where takes TAG=VALUE")),
});

export const exportCommand: Command = {
  summary: "write a dataset back out (its own format, or Sally's JSONL/CSV), whole or filtered",
  async run(args) {
    let input: z.infer<typeof schema>;
    try {
      input = parseCommandArgs(
        args,
        { dataset: { type: "string" }, format: { type: "string" }, out: { type: "string" }, where: { type: "string", multiple: true, default: [] } },
        schema,
        (p) => ({ dataset: p.values.dataset, format: p.values.format, out: p.values.out, where: p.values.where }),
      );
    } catch (err) {
      if (err instanceof UsageError) {
        console.error(`${err.message}\n${USAGE}`);
        return 2;
      }
      throw err;
    }
    try {
      await withDatabase(async () => {
        const file = await exportDataset({ datasetId: input.dataset, format: input.format, filter: parseWhere(input.where) });
        const sink = input.out ? createWriteStream(input.out) : process.stdout;
        for await (const chunk of file.chunks) {
          if (!sink.write(chunk)) await once(sink, "drain");
        }
        if (input.out) {
          (sink as ReturnType<typeof createWriteStream>).end();
          await once(sink, "finish");
          console.error(`wrote ${input.out}`);
        }
      });
      return 0;
    } catch (err) {
      return reportError(err);
    }
  },
};
