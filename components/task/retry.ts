import type { ApiProblem, ApiResult } from "@/lib/http/client";

// Sending with retries. Only failures that may succeed on a second try are retried: no answer
// at all (status 0) and server errors (5xx, and 429). Any other 4xx is the server's decision
// and is returned at once. Submissions carry an idempotency key, so a retry never duplicates.

/** ~31 s in all before giving up and asking the participant. */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 8000, 8000];

export function isRetryable(problem: ApiProblem): boolean {
  return problem.status === 0 || problem.status === 429 || problem.status >= 500;
}

export interface RetryOptions {
  delays?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** told before each wait, e.g. to show "trying again" */
  onRetry?: (attempt: number, problem: ApiProblem) => void;
  /** stop early (the page is going away) */
  signal?: AbortSignal;
}

export async function withRetry<T>(send: () => Promise<ApiResult<T>>, opts: RetryOptions = {}): Promise<ApiResult<T>> {
  const delays = opts.delays ?? RETRY_DELAYS_MS;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let result = await send();
  for (let attempt = 0; attempt < delays.length; attempt++) {
    if (result.ok || !isRetryable(result.problem) || opts.signal?.aborted) return result;
    opts.onRetry?.(attempt + 1, result.problem);
    await sleep(delays[attempt]!);
    if (opts.signal?.aborted) return result;
    result = await send();
  }
  return result;
}

/** The problem's `reason` extension (409s say why), when there is one. */
export function reasonOf(problem: ApiProblem): string | undefined {
  const reason = (problem as ApiProblem & { reason?: unknown }).reason;
  return typeof reason === "string" ? reason : undefined;
}
