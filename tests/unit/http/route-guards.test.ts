import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as importPost } from "@/app/api/datasets/import/route";
import { route } from "@/lib/http/route";

// What the route wrapper refuses before a handler runs: cross-origin state changes (CSRF), bodies
// that are not JSON, and control characters in the path or query string.
process.env.NEXTAUTH_URL = "https://sally.example.org";

let calls = 0;
const withBody = route({ auth: "public", body: z.object({ a: z.string() }) }, async ({ body }) => {
  calls++;
  return { a: body.a };
});
const bodyless = route({ auth: "public" }, async () => {
  calls++;
  return new Response(null, { status: 204 });
});
const withParams = route({ auth: "public", params: z.object({ code: z.string().max(100) }), query: z.object({ q: z.string().optional() }) }, async () => {
  calls++;
  return { ok: true };
});
const none = { params: Promise.resolve({}) };

function request(method: string, headers: Record<string, string>, body?: string, url = "http://localhost:3000/api/x") {
  return new NextRequest(url, { method, headers: { host: "localhost:3000", ...headers }, body });
}
const json = { "content-type": "application/json" };

async function expectProblem(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(await res.json()).toMatchObject({ status, code });
}

describe("cross-origin requests", () => {
  it.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["an opaque Origin", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "sec-fetch-site": "same-site", origin: "https://other.example.org" }],
    ["a same-host Origin on another port", { origin: "http://localhost:4000" }],
  ])("refuses a state change with %s (403), before the handler runs", async (_label, headers) => {
    calls = 0;
    await expectProblem(await withBody(request("POST", { ...json, ...headers }, '{"a":"x"}'), none), 403, "forbidden");
    await expectProblem(await bodyless(request("DELETE", headers), none), 403, "forbidden");
    expect(calls).toBe(0);
  });

  it.each([
    ["its own host as Origin", { origin: "http://localhost:3000" }],
    ["NEXTAUTH_URL's origin (behind a proxy that rewrites Host)", { origin: "https://sally.example.org" }],
    ["Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" }],
    ["neither header (not a browser: curl, the CLI, scripts)", {}],
  ])("accepts %s", async (_label, headers) => {
    expect((await withBody(request("POST", { ...json, ...headers }, '{"a":"x"}'), none)).status).toBe(200);
    expect((await bodyless(request("DELETE", headers), none)).status).toBe(204);
  });

  it("guards the streamed upload route too, before a byte of the file is read", async () => {
    let pulled = 0;
    const file = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(1024));
        },
      },
      { highWaterMark: 0 },
    );
    const req = new NextRequest("http://localhost:3000/api/datasets/import?fileName=x.jsonl", {
      method: "POST",
      headers: { host: "localhost:3000", origin: "https://evil.example", "content-type": "application/octet-stream" },
      body: file,
      duplex: "half",
    });
    await expectProblem(await importPost(req, none), 403, "forbidden");
    expect(pulled).toBe(0);
  });

  it("lets reads through whatever their origin", async () => {
    expect((await withParams(request("GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }), { params: Promise.resolve({ code: "ABC" }) })).status).toBe(200);
  });
});

describe("JSON bodies only", () => {
  it.each([
    ["text/plain (what a cross-site form or beacon can send)", { "content-type": "text/plain" }],
    ["a form encoding", { "content-type": "application/x-www-form-urlencoded" }],
    ["no content type", {}],
  ])("refuses %s with 415", async (_label, headers) => {
    calls = 0;
    await expectProblem(await withBody(request("POST", headers, '{"a":"x"}'), none), 415, "unsupported_media_type");
    expect(calls).toBe(0);
  });

  it("accepts application/json with a charset", async () => {
    expect((await withBody(request("POST", { "content-type": "application/json; charset=utf-8" }, '{"a":"x"}'), none)).status).toBe(200);
  });

  it("refuses a NUL character anywhere in the body's strings with 400 (PostgreSQL cannot store it)", async () => {
    await expectProblem(await withBody(request("POST", json, '{"a":"x\\u0000y"}'), none), 400, "bad_request");
    await expectProblem(await withBody(request("POST", json, '{"a":"x","b":{"\\u0000":1}}'), none), 400, "bad_request");
  });
});

describe("control characters at the edge", () => {
  it.each(["AB\u0000C", "AB\nC", "AB\u007fC", "AB\u0085C"])("refuses %j in a path parameter with 400", async (code) => {
    calls = 0;
    await expectProblem(await withParams(request("GET", {}), { params: Promise.resolve({ code }) }), 400, "bad_request");
    expect(calls).toBe(0);
  });

  it("refuses %00 in a query string with 400, declared or not", async () => {
    const params = { params: Promise.resolve({ code: "ABC" }) };
    await expectProblem(await withParams(request("GET", {}, undefined, "http://localhost:3000/api/x?q=a%00b"), params), 400, "bad_request");
    await expectProblem(await withParams(request("GET", {}, undefined, "http://localhost:3000/api/x?other=%01"), params), 400, "bad_request");
    expect((await withParams(request("GET", {}, undefined, "http://localhost:3000/api/x?q=caf%C3%A9"), params)).status).toBe(200);
  });
});
