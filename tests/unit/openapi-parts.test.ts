import { describe, expect, it } from "vitest";
import { formatWhen, shownPrefix, tokenStatus } from "@/components/console/account/token-view";
import { operationId, openApiPath } from "@/lib/openapi/paths";
import { schemaRows, typeLabel } from "@/lib/openapi/schema-rows";

describe("route files to OpenAPI paths", () => {
  it("turns folders into the path, [x] into {x}, a catch-all into one parameter, and drops route groups", () => {
    expect(openApiPath("app/api/datasets/[id]/shares/[userId]/route.ts")).toEqual({
      path: "/api/datasets/{id}/shares/{userId}",
      params: [
        { name: "id", catchAll: false },
        { name: "userId", catchAll: false },
      ],
    });
    expect(openApiPath("app/api/auth/[...nextauth]/route.ts")).toEqual({ path: "/api/auth/{nextauth}", params: [{ name: "nextauth", catchAll: true }] });
    expect(openApiPath("app/(group)/api/x/route.ts").path).toBe("/api/x");
    expect(() => openApiPath("lib/api/x/route.ts")).toThrow();
  });

  it("names operations after method and path", () => {
    expect(operationId("DELETE", "/api/datasets/{id}/shares/{userId}")).toBe("deleteDatasetsByIdSharesByUserId");
    expect(operationId("GET", "/api/openapi.json")).toBe("getOpenapiJson");
  });
});

describe("schemas as rows for people", () => {
  it("lists fields, nested ones with dots and array items with [], with types and constraints in words", () => {
    const rows = schemaRows({
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string", minLength: 1, maxLength: 100 },
        expiresInDays: { default: null, anyOf: [{ type: "integer", minimum: 1, maximum: 366 }, { type: "null" }] },
        state: { type: "string", enum: ["open", "closed"] },
        id: { type: "string", format: "uuid", pattern: "^[0-9a-f-]+$" },
        groups: { type: "array", items: { type: "object", required: ["key"], properties: { key: { type: "string" } } } },
      },
    });
    expect(rows).toEqual([
      { name: "name", type: "string", required: true, notes: ["1–100 characters"] },
      { name: "expiresInDays", type: "integer or null", required: false, notes: ["1–366", "default null"] },
      { name: "state", type: 'one of "open", "closed"', required: false, notes: [] },
      { name: "id", type: "string (uuid)", required: false, notes: [] },
      { name: "groups", type: "object[]", required: false, notes: [] },
      { name: "groups[].key", type: "string", required: true, notes: [] },
    ]);
  });

  it("says what any JSON, constants and maps are", () => {
    expect(typeLabel({})).toBe("any JSON");
    expect(typeLabel({ const: true })).toBe("true");
    expect(typeLabel({ type: "object", additionalProperties: {} })).toBe("object (map)");
  });
});

describe("the account page's token rows", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it("says active, revoked or expired", () => {
    expect(tokenStatus({ revokedAt: null, expiresAt: null }, now)).toBe("Active");
    expect(tokenStatus({ revokedAt: null, expiresAt: "2026-12-01T00:00:00.000Z" }, now)).toBe("Active");
    expect(tokenStatus({ revokedAt: null, expiresAt: "2026-11-01T00:00:00.000Z" }, now)).toBe("Expired");
    expect(tokenStatus({ revokedAt: "2026-11-02T00:00:00.000Z", expiresAt: "2026-11-01T00:00:00.000Z" }, now)).toBe("Revoked");
  });

  it("shows times in UTC to the minute, and only how a token starts", () => {
    expect(formatWhen("2026-11-23T14:05:59.123Z")).toBe("2026-11-23 14:05 UTC");
    expect(formatWhen(null)).toBe("never");
    expect(shownPrefix("0123456789ab")).toBe("sally_0123456789ab_…");
  });
});
