import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "@/lib/http/route";

// Request bodies are capped per route before anything else happens: a declared Content-Length
// over the cap is refused unread, and a chunked body is read only until it passes the cap.
const KB = 1024;
const echo = route({ auth: "public", body: z.object({ text: z.string() }) }, async ({ body }) => ({ length: body.text.length }));
const small = route({ auth: "public", body: z.object({ text: z.string() }), maxBodyBytes: KB }, async () => ({ ok: true }));
const noParams = { params: Promise.resolve({}) };

/** A body that counts how many bytes the server pulled from it. */
function meteredBody(total: number, chunk = 16 * KB) {
  const meter = { pulled: 0 };
  const piece = new TextEncoder().encode("x".repeat(chunk));
  // highWaterMark 0: pulled only when someone reads, so the meter counts reads
  const source = {
    pull(controller: ReadableStreamDefaultController<Uint8Array>) {
      if (meter.pulled >= total) return controller.close();
      meter.pulled += piece.byteLength;
      controller.enqueue(piece);
    },
  };
  return { stream: new ReadableStream<Uint8Array>(source, { highWaterMark: 0 }), meter };
}

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new NextRequest("http://localhost:3000/api/x", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    duplex: "half",
  });
}

async function expectTooLarge(res: Response) {
  expect(res.status).toBe(413);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(await res.json()).toMatchObject({ status: 413, code: "payload_too_large" });
}

describe("request body caps", () => {
  it("accepts a JSON body under the default cap of 64 KB", async () => {
    const res = await echo(post(JSON.stringify({ text: "a".repeat(60 * KB) })), noParams);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ length: 60 * KB });
  });

  it("refuses a declared Content-Length over the cap without reading the body", async () => {
    const { stream, meter } = meteredBody(200 * 1024 * KB);
    await expectTooLarge(await echo(post(stream, { "content-length": String(200 * 1024 * KB) }), noParams));
    expect(meter.pulled).toBe(0);
  });

  it("stops reading a chunked body as soon as it passes the cap", async () => {
    const { stream, meter } = meteredBody(200 * 1024 * KB);
    await expectTooLarge(await echo(post(stream), noParams));
    expect(meter.pulled).toBeLessThanOrEqual(64 * KB + 16 * KB); // the cap, plus the chunk that crossed it
  });

  it("allows signed-in (console) routes 1 MB by default, still refused before the session is looked up", async () => {
    const staff = route({ auth: "studies.manage", body: z.object({ text: z.string() }) }, async () => ({ ok: true }));
    await expectTooLarge(await staff(post("{}", { "content-length": String(1024 * KB + 1) }), noParams));
  });

  it("takes the cap from the route's spec", async () => {
    await expectTooLarge(await small(post(JSON.stringify({ text: "a".repeat(2 * KB) })), noParams));
    expect((await small(post(JSON.stringify({ text: "a" })), noParams)).status).toBe(200);
  });

  it("refuses a body nested deeper than any request of ours with a 400, not a stack overflow's 500 (20 KB of [[[… on the participant route)", async () => {
    const deep = `{"text":"a","payload":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    const res = await echo(post(deep), noParams);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, detail: "The request body nests more than 64 levels deep." });
    const nested = (levels: number): unknown => (levels === 0 ? 1 : [nested(levels - 1)]);
    expect((await echo(post(JSON.stringify({ text: "a", payload: nested(60) })), noParams)).status).toBe(200);
  });
});
