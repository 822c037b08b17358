import { createHash } from "node:crypto";
import document from "@/lib/openapi/openapi.json";
import { route } from "@/lib/http/route";

// The committed document (tests/unit/openapi-drift.test.ts keeps it equal to what the routes
// declare). Public: it describes the API and holds no secrets. It changes only with a release,
// so caches may keep it for a while and revalidate by ETag.
const body = JSON.stringify(document);
const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
const headers = { "content-type": "application/json", "cache-control": "public, max-age=300", etag };

export const GET = route({ auth: "public" }, async ({ req }) => {
  const wanted = req.headers.get("if-none-match");
  if (wanted && wanted.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
});
