import { describe, expect, it } from "vitest";
import { afterResponse } from "@/lib/http/after";

// Inside Next, afterResponse hands the write to `after` (e2e/results-console.spec.ts waits for the
// kept decisions a page wrote that way). Outside a request, as when a test calls a route handler,
// the write runs at once and the caller can wait for it.
describe("afterResponse outside a request", () => {
  it("runs the write at once and returns it, so the read waits for it", async () => {
    let written = false;
    const pending = afterResponse(async () => {
      await new Promise((r) => setTimeout(r, 10));
      written = true;
    });
    expect(pending).toBeInstanceOf(Promise);
    await pending;
    expect(written).toBe(true);
  });

  it("passes a failed write on to the caller", async () => {
    await expect(afterResponse(() => Promise.reject(new Error("write failed")))).rejects.toThrow("write failed");
  });
});
