import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

// Pages get a nonce-based Content-Security-Policy (no inline script without this request's
// nonce) from proxy.ts; participant pages may be framed by the hosts FRAME_ANCESTORS names
// (MTurk), console pages never.
async function load(env: Record<string, string> = {}) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  return (await import("@/proxy")).proxy;
}
afterEach(() => vi.unstubAllEnvs());

function directives(csp: string | null): Map<string, string> {
  return new Map((csp ?? "").split(";").map((d) => d.trim()).filter(Boolean).map((d) => [d.split(" ")[0]!, d.slice(d.indexOf(" ") + 1)]));
}

async function page(path: string, env?: Record<string, string>) {
  const proxy = await load(env);
  return proxy(new NextRequest(`http://localhost:3000${path}`));
}

describe("Content-Security-Policy on pages", () => {
  it("allows scripts only with this response's nonce, and passes the nonce on to Next.js's renderer", async () => {
    const a = await page("/datasets");
    const b = await page("/datasets");
    const csp = directives(a.headers.get("content-security-policy"));
    const nonce = csp.get("script-src")?.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp.get("script-src")).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'self'");
    expect(csp.get("form-action")).toBe("'self' https://www.mturk.com https://workersandbox.mturk.com");
    expect(csp.get("default-src")).toBe("'self'");
    // Next.js reads the nonce from the request's CSP header to put it on its own scripts
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(a.headers.get("content-security-policy"));
    expect(b.headers.get("content-security-policy")).not.toBe(a.headers.get("content-security-policy")); // fresh per request
  });

  it("console pages can never be framed", async () => {
    for (const path of ["/datasets", "/studies/x", "/signin", "/users"]) {
      const res = await page(path, { FRAME_ANCESTORS: "https://*.mturk.com" });
      expect(directives(res.headers.get("content-security-policy")).get("frame-ancestors"), path).toBe("'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("participant pages deny framing by default, and allow exactly FRAME_ANCESTORS when set", async () => {
    const closed = await page("/s/ABC123/task");
    expect(directives(closed.headers.get("content-security-policy")).get("frame-ancestors")).toBe("'none'");
    expect(closed.headers.get("x-frame-options")).toBe("DENY");

    const mturk = await page("/s/ABC123/task", { FRAME_ANCESTORS: "https://*.mturk.com https://workersandbox.mturk.com" });
    expect(directives(mturk.headers.get("content-security-policy")).get("frame-ancestors")).toBe("https://*.mturk.com https://workersandbox.mturk.com");
    expect(mturk.headers.get("x-frame-options")).toBeNull(); // it would override the allowance in old browsers
  });

  it("refuses a FRAME_ANCESTORS that could inject other directives", async () => {
    await expect(page("/s/ABC/task", { FRAME_ANCESTORS: "https://a.example; script-src *" })).rejects.toThrow(/FRAME_ANCESTORS/);
  });
});

describe("the nonce a route reads back (the task page puts it on its script)", () => {
  it("is the nonce of the policy proxy.ts set on the request", async () => {
    const { contentSecurityPolicy, nonceOf } = await import("@/lib/http/csp");
    expect(nonceOf(contentSecurityPolicy({ nonce: "abc+/=", frameAncestors: "'none'", dev: false, https: false }))).toBe("abc+/=");
    expect(nonceOf(null)).toBeNull();
    expect(nonceOf("default-src 'self'")).toBeNull();
  });
});
