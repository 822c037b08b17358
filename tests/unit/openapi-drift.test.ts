import { readFileSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as servedDocument } from "@/app/api/openapi.json/route";
import { buildDocument, specOf, UndocumentedRoutes, type LoadedRoute } from "@/lib/openapi/document";
import { loadRoutes } from "@/lib/openapi/load";
import { OPERATIONS } from "@/lib/openapi/operations";
import { openApiPath } from "@/lib/openapi/paths";
import { inputSchema, objectFields } from "@/lib/openapi/schema";
import type { OpenApiDocument, OperationObject, ParameterObject } from "@/lib/openapi/types";
import { route } from "@/lib/http/route";

// The OpenAPI document against the routes themselves. Every route module under app/api is
// imported for real and the document rebuilt from what its handlers declare; the committed
// lib/openapi/openapi.json (which /api/openapi.json serves) must be exactly that.
//
// After changing a route: add or update its entry in lib/openapi/operations.ts, then regenerate
//   npx vitest run --project unit tests/unit/openapi-drift.test.ts -u
// and commit lib/openapi/openapi.json with the change.

const ROOT = path.resolve(import.meta.dirname, "../..");
const COMMITTED_FILE = path.join(ROOT, "lib/openapi/openapi.json");
const routes = await loadRoutes(ROOT);
const committed = JSON.parse(readFileSync(COMMITTED_FILE, "utf8")) as OpenApiDocument;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const declared = routes.flatMap((r) =>
  METHODS.filter((m) => r.module[m] !== undefined).map((method) => ({ key: `${method} ${openApiPath(r.file).path}`, method, path: openApiPath(r.file).path, file: r.file, spec: specOf(r.module[method]) })),
);
const committedOperation = (p: string, method: string) => committed.paths?.[p]?.[method.toLowerCase() as "get"] as OperationObject | undefined;

describe("the OpenAPI document", () => {
  it("is rebuilt from the route modules without a route left undocumented", () => {
    expect(() => buildDocument(routes)).not.toThrow();
  });

  it("is the committed lib/openapi/openapi.json (on a change: npx vitest run --project unit tests/unit/openapi-drift.test.ts -u)", async () => {
    await expect(JSON.stringify(buildDocument(routes), null, 2) + "\n").toMatchFileSnapshot(COMMITTED_FILE);
  });

  it("has an operation for every method of every route file under app/api, and none besides", () => {
    expect(declared.length).toBeGreaterThan(30);
    const inDocument = Object.entries(committed.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(inDocument.sort()).toEqual(declared.map((d) => d.key).sort());
  });

  it.each(declared.filter((d) => d.spec).map((d) => [d.key, d] as const))("%s: the committed document has the route's own schemas, auth and token rule", (_key, d) => {
    const op = committedOperation(d.path, d.method);
    const spec = d.spec!;
    expect(op, `${d.key} is missing from lib/openapi/openapi.json`).toBeDefined();
    expect(op!["x-sally-auth"]).toBe(spec.auth);
    expect(op!["x-sally-api-token"]).toBe(spec.apiToken);

    const body = op!.requestBody?.content["application/json"]?.schema;
    if (spec.body) expect(body, "request body").toEqual(inputSchema(spec.body));
    else expect(OPERATIONS[d.key]!.requestBody ?? null, "a body the route does not declare").toEqual(op!.requestBody ?? null);

    const handWritten = new Set((OPERATIONS[d.key]!.parameters ?? []).map((p) => p.name));
    const listed = (where: ParameterObject["in"]) => (op!.parameters ?? []).filter((p) => p.in === where && !handWritten.has(p.name)).map((p) => ({ name: p.name, required: p.required, schema: p.schema }));
    const fields = (schema: z.ZodType | undefined, required?: boolean) =>
      schema ? objectFields(schema).map((f) => ({ name: f.name, required: required ?? f.required, schema: f.schema })) : [];
    expect(listed("query"), "query parameters").toEqual(fields(spec.query));
    if (spec.params) expect(listed("path"), "path parameters").toEqual(fields(spec.params, true));
    expect(op!.security, "security").toEqual(spec.auth === "public" ? (OPERATIONS[d.key]!.security ?? []) : spec.apiToken ? [{ session: [] }, { apiToken: [] }] : [{ session: [] }]);
  });

  it("documents the handlers not made by route() (next-auth, health) by hand, without schemas", () => {
    const own = declared.filter((d) => !d.spec).map((d) => d.key);
    expect(own).toEqual(expect.arrayContaining(["GET /api/auth/{nextauth}", "POST /api/auth/{nextauth}", "GET /api/health"]));
    for (const d of declared.filter((x) => !x.spec)) {
      const op = committedOperation(d.path, d.method)!;
      expect(op["x-sally-auth"], d.key).toBe(OPERATIONS[d.key]!.handler!.auth);
      expect(op.requestBody?.content["application/json"], d.key).toBeUndefined();
    }
  });
});

describe("the drift check itself", () => {
  const fake = (file: string, module: Record<string, unknown>): LoadedRoute => ({ file, module });
  const problems = (r: LoadedRoute[]) => {
    try {
      buildDocument(r);
      return [];
    } catch (err) {
      if (err instanceof UndocumentedRoutes) return err.problems;
      throw err;
    }
  };

  it("fails on a route added without an entry, naming it", () => {
    const added = fake("app/api/widgets/[id]/route.ts", { GET: route({ auth: "studies.read", params: z.object({ id: z.string() }) }, async () => ({})) });
    expect(problems([...routes, added])).toEqual(["GET /api/widgets/{id} (app/api/widgets/[id]/route.ts) has no entry in lib/openapi/operations.ts"]);
  });

  it("fails on an entry whose route is gone", () => {
    const withoutHealth = routes.filter((r) => r.file !== "app/api/health/route.ts");
    expect(problems(withoutHealth)).toEqual(["lib/openapi/operations.ts describes GET /api/health, which no route under app/api exports"]);
  });

  it("fails on params that do not match the folder names", () => {
    const mine = routes.find((r) => r.file === "app/api/tokens/[id]/route.ts")!;
    const wrong = fake(mine.file, { DELETE: route({ auth: "tokens.manage", params: z.object({ tokenId: z.string() }) }, async () => ({})) });
    expect(problems([...routes.filter((r) => r !== mine), wrong])[0]).toMatch(/DELETE \/api\/tokens\/\{id\}: params schema declares tokenId/);
  });

  it("sees a changed body schema: the rebuilt document then differs from the committed one", () => {
    const tokens = routes.find((r) => r.file === "app/api/tokens/route.ts")!;
    const changed = fake(tokens.file, { ...tokens.module, POST: route({ auth: "tokens.manage", body: z.object({ name: z.string().max(50) }) }, async () => ({})) });
    const rebuilt = buildDocument([...routes.filter((r) => r !== tokens), changed]);
    expect(rebuilt).not.toEqual(committed);
    expect(rebuilt.paths["/api/tokens"]!.post!.requestBody).not.toEqual(committed.paths["/api/tokens"]!.post!.requestBody);
  });
});

describe("GET /api/openapi.json", () => {
  const get = (headers: Record<string, string> = {}) => servedDocument(new NextRequest("http://sally.test/api/openapi.json", { headers }), { params: Promise.resolve({}) });

  it("serves the committed document to anyone, cacheable, with an ETag", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(await res.json()).toEqual(committed);
    expect(res.headers.get("etag")).toMatch(/^"[\w-]+"$/);
  });

  it("answers 304 to a matching If-None-Match, and the full document to a stale one", async () => {
    const etag = (await get()).headers.get("etag")!;
    const again = await get({ "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await get({ "if-none-match": '"stale"' })).status).toBe(200);
  });

  it("holds no secret: no example tokens, passwords or hashes, only the shape of a token", () => {
    const text = JSON.stringify(committed);
    expect(text).not.toMatch(/sally_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/);
    expect(text).not.toMatch(/\$argon2/);
    expect(committed.components.securitySchemes.apiToken).toMatchObject({ type: "http", scheme: "bearer" });
  });
});
