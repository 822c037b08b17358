import { formatIssue } from "@/lib/benchmarks/validate";
import { ImportRejected } from "@/lib/datasets/import";
import { AppError } from "@/lib/errors";

// How a command reports a refused request: the message, then each problem on its own line.
export function reportError(err: unknown): number {
  if (err instanceof ImportRejected) {
    console.error(`error: ${err.message}`);
    for (const issue of err.issues) console.error(`  ${formatIssue(issue)}`);
    if (err.total > err.issues.length) console.error(`  … ${err.total - err.issues.length} more (${err.total} in all)`);
    return 1;
  }
  if (err instanceof AppError) {
    console.error(`error: ${err.message}`);
    for (const p of err.invalidParams ?? []) console.error(`  ${p.name}: ${p.reason}`);
    return 1;
  }
  throw err;
}
