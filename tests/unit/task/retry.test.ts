import { describe, expect, it } from "vitest";
import { isRetryable, withRetry } from "@/components/task/retry";
import type { ApiProblem, ApiResult } from "@/lib/http/client";

const problem = (status: number, extra: Partial<ApiProblem> & { reason?: string } = {}): ApiProblem => ({
  status,
  title: "x",
  detail: "x",
  code: status === 0 ? "network" : "other",
  ...extra,
});

function scripted(results: ApiResult<string>[]) {
  const calls: number[] = [];
  const send = async () => {
    calls.push(calls.length);
    return results[Math.min(calls.length - 1, results.length - 1)]!;
  };
  return { send, calls };
}

const noSleep = { sleep: async () => {} };

describe("withRetry", () => {
  it("retries network failures and server errors until one succeeds", async () => {
    const { send, calls } = scripted([{ ok: false, problem: problem(0) }, { ok: false, problem: problem(503) }, { ok: true, data: "stored" }]);
    const result = await withRetry(send, noSleep);
    expect(result).toEqual({ ok: true, data: "stored" });
    expect(calls).toHaveLength(3);
  });

  it("never retries a 4xx: the server's decision stands", async () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      const { send, calls } = scripted([{ ok: false, problem: problem(status) }, { ok: true, data: "no" }]);
      const result = await withRetry(send, noSleep);
      expect(result.ok).toBe(false);
      expect(calls).toHaveLength(1);
    }
  });

  it("backs off with growing waits and gives up after about 30 seconds", async () => {
    const waits: number[] = [];
    const { send, calls } = scripted([{ ok: false, problem: problem(0) }]);
    const result = await withRetry(send, { sleep: async (ms) => void waits.push(ms) });
    expect(result.ok).toBe(false);
    expect(calls.length).toBe(waits.length + 1);
    for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThanOrEqual(waits[i - 1]!);
    const total = waits.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(25_000);
    expect(total).toBeLessThanOrEqual(35_000);
  });

  it("stops when the signal is aborted", async () => {
    const controller = new AbortController();
    const { send, calls } = scripted([{ ok: false, problem: problem(0) }]);
    await withRetry(send, { sleep: async () => controller.abort(), signal: controller.signal });
    expect(calls).toHaveLength(1);
  });

  it("counts 429 and 5xx and no answer as worth retrying", () => {
    expect([0, 429, 500, 502, 503].every((s) => isRetryable(problem(s)))).toBe(true);
    expect([400, 409, 422].some((s) => isRetryable(problem(s)))).toBe(false);
  });
});
