import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

// Behind a proxy the Host header may be the app's internal address; the browser's Origin is the
// public one. X-Forwarded-Host names it, but only a trusted proxy's word counts.
async function load(trustProxy: boolean) {
  vi.resetModules();
  vi.stubEnv("TRUST_PROXY", String(trustProxy));
  vi.stubEnv("NEXTAUTH_URL", "");
  return (await import("@/lib/http/same-origin")).isCrossOriginWrite;
}
afterEach(() => vi.unstubAllEnvs());

const behindProxy = (origin: string) =>
  new NextRequest("http://10.0.0.2:3000/api/x", {
    method: "POST",
    headers: { host: "10.0.0.2:3000", origin, "x-forwarded-host": "sally.example.org", "x-forwarded-proto": "https" },
  });

describe("same origin behind a proxy", () => {
  it("with TRUST_PROXY the forwarded public origin is ours", async () => {
    const isCrossOriginWrite = await load(true);
    expect(isCrossOriginWrite(behindProxy("https://sally.example.org"))).toBe(false);
    expect(isCrossOriginWrite(behindProxy("https://evil.example"))).toBe(true);
  });

  it("without TRUST_PROXY a forwarded host is the client's claim and proves nothing", async () => {
    const isCrossOriginWrite = await load(false);
    expect(isCrossOriginWrite(behindProxy("https://sally.example.org"))).toBe(true);
    expect(isCrossOriginWrite(behindProxy("http://10.0.0.2:3000"))).toBe(false);
  });
});
