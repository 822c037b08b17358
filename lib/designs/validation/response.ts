import { z } from "zod";
import type { Check } from "@/lib/designs/validation/checks";

// The zod schema of one validation response, built from the checks its unit asks: every check
// answered with one of its options, nothing else.
export function validationResponseSchema(checks: Check[], allowComment: boolean) {
  const answers = z.object(
    Object.fromEntries(
      checks.map((c) => [c.key, z.enum(c.options.map((o) => o.value) as [string, ...string[]], { error: `Answer "${c.prompt}"` })]),
    ),
  ).strict();
  return z
    .object({
      answers,
      comment: allowComment ? z.string().trim().max(2000).optional() : z.undefined().optional(),
    })
    .strict();
}
