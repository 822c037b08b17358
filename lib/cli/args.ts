import { parseArgs, type ParseArgsConfig } from "node:util";
import type { z } from "zod";
import { reportError } from "@/lib/cli/report-error";

export class UsageError extends Error {}

/** One CLI command: it parses its own arguments with zod and returns an exit code. */
export interface Command {
  summary: string;
  run(args: string[]): Promise<number>;
}

type Parsed = { values: Record<string, unknown>; positionals: string[] };

// node:util parseArgs for the shape, zod for the meaning; any problem is a UsageError (exit 2).
export function parseCommandArgs<S extends z.ZodType>(
  args: string[],
  options: NonNullable<ParseArgsConfig["options"]>,
  schema: S,
  toInput: (parsed: Parsed) => unknown,
): z.output<S> {
  let parsed: Parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true }) as Parsed;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const result = schema.safeParse(toInput(parsed));
  if (!result.success) {
    throw new UsageError(result.error.issues.map((i) => `${i.path.join(".") || "arguments"}: ${i.message}`).join("\n"));
  }
  return result.data;
}

/**
 * A command from its argument schema and body: bad arguments print the usage and exit 2, a
 * refused request prints its problems and exits 1.
 */
export function defineCommand<S extends z.ZodType>(spec: {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  schema: S;
  toInput: (parsed: Parsed) => unknown;
  run: (input: z.output<S>) => Promise<number>;
}): Command {
  return {
    summary: spec.summary,
    async run(args) {
      // asked for, the usage is the answer: on stdout, exit 0
      if (args.includes("--help") || args.includes("-h")) {
        console.log(spec.usage);
        return 0;
      }
      let input: z.output<S>;
      try {
        input = parseCommandArgs(args, spec.options, spec.schema, spec.toInput);
      } catch (err) {
        if (!(err instanceof UsageError)) throw err;
        console.error(`${err.message}\n${spec.usage}`);
        return 2;
      }
      try {
        return await spec.run(input);
      } catch (err) {
        return reportError(err);
      }
    },
  };
}
