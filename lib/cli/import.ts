import { existsSync } from "node:fs";
import { z } from "zod";
import { BENCHMARKS } from "@/lib/benchmarks/types";
import { defineCommand } from "@/lib/cli/args";
import { printJson, withDatabase } from "@/lib/cli/db";
import { importOwnerId } from "@/lib/datasets/access";
import { importDataset } from "@/lib/datasets/import";
import { licenseSchema } from "@/lib/datasets/license";
import { emailSchema } from "@/lib/users/schemas";

const USAGE = `Usage: npm run -s sally -- import --benchmark <${[...BENCHMARKS, "auto"].join("|")}> <file> [--name N] [--version-label V] [--as-new-version] [--owner EMAIL] [--license ID] [--json]
  Without --owner the dataset has no owner and only admins see it, until an admin shares it.
  --license: the data's licence as the Hugging Face Hub names it (mit, apache-2.0, cc-by-nc-4.0, other, ...);
  without it, the benchmark's known licence (unknown for generic files).`;

const schema = z.object({
  file: z.string({ error: "give the file to import" }).min(1).refine(existsSync, "no such file"),
  benchmark: z.enum([...BENCHMARKS, "auto"], { error: `--benchmark must be one of ${[...BENCHMARKS, "auto"].join(", ")}` }),
  name: z.string().trim().min(1).max(200).optional(),
  versionLabel: z.string().trim().min(1).max(100).optional(),
  asNewVersion: z.boolean(),
  owner: emailSchema.optional(),
  license: licenseSchema.optional(),
  json: z.boolean(),
});

export const importCommand = defineCommand({
  summary: "import a benchmark file (all or nothing)",
  usage: USAGE,
  options: {
    benchmark: { type: "string", default: "auto" },
    name: { type: "string" },
    "version-label": { type: "string" },
    "as-new-version": { type: "boolean", default: false },
    owner: { type: "string" },
    license: { type: "string" },
    json: { type: "boolean", default: false },
  },
  schema,
  toInput: (p) => ({
    file: p.positionals[0],
    benchmark: p.values.benchmark,
    name: p.values.name,
    versionLabel: p.values["version-label"],
    asNewVersion: p.values["as-new-version"],
    owner: p.values.owner,
    license: p.values.license,
    json: p.values.json,
  }),
  async run(input) {
    const progress = process.stderr.isTTY && !input.json;
    const summary = await withDatabase(async () =>
      importDataset({
        file: input.file,
        benchmark: input.benchmark,
        name: input.name,
        versionLabel: input.versionLabel,
        asNewVersion: input.asNewVersion,
        license: input.license,
        ownerId: input.owner ? await importOwnerId(input.owner) : null,
        onProgress: progress
          ? (p) => process.stderr.write(`\r  ${((100 * p.bytes) / p.total).toFixed(0)}%  ${p.records.toLocaleString()} records`)
          : undefined,
      }),
    ).finally(() => progress && process.stderr.write("\n"));
    const out = {
      datasetId: summary.datasetId,
      benchmark: summary.benchmark,
      sourceRecords: summary.sourceRecords,
      contexts: summary.contexts,
      questions: summary.questions,
      byKind: summary.byKind,
    };
    if (input.json) {
      printJson(out);
    } else {
      console.log(`Imported "${summary.name}" (${summary.benchmark}, licence ${summary.license}) as ${summary.datasetId}`);
      console.log(`  ${summary.sourceRecords} source records, ${summary.contexts} contexts, ${summary.questions} questions`);
      console.log(`  by kind: ${Object.entries(summary.byKind).map(([k, v]) => `${k} ${v}`).join(", ")}`);
      console.log(`  by ${summary.mainTag}: ${Object.entries(summary.byMainTag).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    }
    return 0;
  },
});
