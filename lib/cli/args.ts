import { parseArgs, type ParseArgsConfig } from "node:util";
import type { z } from "zod";

export class UsageError extends Error {}

// node:util parseArgs for the shape, zod for the meaning; any problem is a UsageError (exit 2).
export function parseCommandArgs<S extends z.ZodType>(
  args: string[],
  options: NonNullable<ParseArgsConfig["options"]>,
  schema: S,
  toInput: (parsed: { values: Record<string, unknown>; positionals: string[] }) => unknown,
): z.output<S> {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true }) as typeof parsed;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const result = schema.safeParse(toInput(parsed));
  if (!result.success) {
    throw new UsageError(result.error.issues.map((i) => `${i.path.join(".") || "arguments"}: ${i.message}`).join("\n"));
  }
  return result.data;
}
