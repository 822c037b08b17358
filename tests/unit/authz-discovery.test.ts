import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { discoverEndpoints, exportedMethods, fillPath } from "../../e2e/helpers/authz";

// The authorization matrix is only as complete as its list of routes: these check that the list
// finds every way a route file exports a method and every page, whatever folder it sits in.

describe("route discovery for the authorization matrix", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sally-app-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const put = (rel: string, text = "export default function Page() { return null; }") => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };

  it("reads the methods a route file exports, in every form", () => {
    expect(exportedMethods(`export const GET = route({ auth: "public" }, h);\nexport const DELETE = route(x, h);`)).toEqual(["GET", "DELETE"]);
    expect(exportedMethods(`export async function POST(req) {}\nexport function PATCH() {}`)).toEqual(["POST", "PATCH"]);
    expect(exportedMethods(`const handler = NextAuth(o);\nexport { handler as GET, handler as POST };`)).toEqual(["GET", "POST"]);
    expect(exportedMethods(`export const dynamic = "force-dynamic";\nexport const runtime = "nodejs";`)).toEqual([]);
  });

  it("lists every page and route handler, with route groups left out of the path", () => {
    put("page.tsx");
    put("(console)/studies/[id]/units/page.tsx");
    put("api/things/[id]/route.ts", "export const GET = r;\nexport const PUT = r;");
    put("s/[code]/route.js", "export async function GET() {}");
    put("about/page.jsx");
    put("components-not-a-route/helper.ts", "export const GET = 1;");
    expect(discoverEndpoints(dir)).toEqual(["GET /", "GET /about", "GET /api/things/[id]", "GET /s/[code]", "GET /studies/[id]/units", "PUT /api/things/[id]"]);
  });

  it("fills dynamic segments by the folder before them, and refuses a segment it has no value for", () => {
    const values = { "studies/[id]": "s1", "users/[id]": "u1" };
    expect(fillPath("/api/studies/[id]/state", values)).toBe("/api/studies/s1/state");
    expect(fillPath("/api/admin/users/[id]", values)).toBe("/api/admin/users/u1");
    expect(() => fillPath("/api/things/[id]", values)).toThrow(/no fixture fills things\/\[id\]/);
  });
});
