import { describe, expect, it } from "vitest";
import { PEER_HEADER } from "@/lib/http/forwarded";
import { sanitizeForwardedHeaders } from "@/lib/runtime/web-server";

// Sally's web server tells the app the socket's address and, unless a trusted proxy is in front,
// drops whatever X-Forwarded-* the client made up (Next.js would otherwise keep the client's).
const request = (headers: Record<string, string>, remoteAddress = "198.51.100.7") => ({ headers: { ...headers }, socket: { remoteAddress } }) as never;

describe("forwarded headers at Sally's web server", () => {
  it("without TRUST_PROXY: the client's forwarded headers and peer claim are dropped; the socket address is recorded", () => {
    const headers = sanitizeForwardedHeaders(
      request({ host: "sally.local", "x-forwarded-for": "10.0.0.1", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", forwarded: "for=10.0.0.1", "x-real-ip": "10.0.0.1", [PEER_HEADER]: "10.9.9.9" }),
      false,
    );
    expect(headers).toEqual({ host: "sally.local", [PEER_HEADER]: "198.51.100.7" });
  });

  it("behind a trusted proxy: the proxy's headers stay; a peer claim is still replaced", () => {
    const headers = sanitizeForwardedHeaders(request({ "x-forwarded-for": "203.0.113.5", "x-forwarded-proto": "https", [PEER_HEADER]: "10.9.9.9" }, "10.0.0.2"), true);
    expect(headers).toEqual({ "x-forwarded-for": "203.0.113.5", "x-forwarded-proto": "https", [PEER_HEADER]: "10.0.0.2" });
  });
});
