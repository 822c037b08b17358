import { afterEach, describe, expect, it, vi } from "vitest";

// Who the client is and where the app is publicly reachable. Forwarded headers are the client's
// own words unless a proxy we trust (TRUST_PROXY) wrote them.
async function load(trustProxy: boolean) {
  vi.resetModules();
  vi.stubEnv("TRUST_PROXY", trustProxy ? "true" : "false");
  return import("@/lib/http/forwarded");
}
afterEach(() => vi.unstubAllEnvs());

describe("client address", () => {
  it("without TRUST_PROXY: the socket address Sally's server recorded, whatever X-Forwarded-For claims", async () => {
    const { clientIp } = await load(false);
    expect(clientIp(new Headers({ "x-sally-peer": "198.51.100.7", "x-forwarded-for": "10.0.0.1" }))).toBe("198.51.100.7");
    expect(clientIp({ "x-sally-peer": "::ffff:198.51.100.7" })).toBe("198.51.100.7");
    expect(clientIp(new Headers({ "x-forwarded-for": "10.0.0.1" }))).toBeNull();
  });

  it("behind a trusted proxy: the address the proxy appended (the last in X-Forwarded-For), not what the client prepended", async () => {
    const { clientIp } = await load(true);
    expect(clientIp(new Headers({ "x-forwarded-for": "10.0.0.1, 203.0.113.5", "x-sally-peer": "127.0.0.1" }))).toBe("203.0.113.5");
    expect(clientIp({ "x-forwarded-for": "203.0.113.5" })).toBe("203.0.113.5");
    expect(clientIp(new Headers({ "x-sally-peer": "127.0.0.1" }))).toBe("127.0.0.1");
  });
});

describe("public origin", () => {
  it("without TRUST_PROXY: the Host header over plain HTTP; X-Forwarded-Host and -Proto are ignored", async () => {
    const { publicOrigin } = await load(false);
    expect(publicOrigin(new Headers({ host: "sally.local:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }))).toBe("http://sally.local:3000");
  });

  it("behind a trusted proxy: the forwarded host and protocol", async () => {
    const { publicOrigin } = await load(true);
    expect(publicOrigin(new Headers({ host: "10.0.0.2:3000", "x-forwarded-host": "sally.example.org", "x-forwarded-proto": "https" }))).toBe("https://sally.example.org");
    expect(publicOrigin(new Headers({ host: "sally.example.org" }))).toBe("http://sally.example.org");
  });

  it("is null when the host is missing or not a host", async () => {
    const { publicOrigin } = await load(false);
    expect(publicOrigin(new Headers())).toBeNull();
    expect(publicOrigin(new Headers({ host: "a b/c" }))).toBeNull();
  });
});
