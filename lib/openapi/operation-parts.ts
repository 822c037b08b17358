import { PERMISSIONS } from "@/lib/auth/permissions";
import type { RouteSpec } from "@/lib/http/route";
import type { ErrorStatus } from "@/lib/openapi/components";
import type { OperationDoc } from "@/lib/openapi/responses";
import type { SecurityRequirement } from "@/lib/openapi/types";
import { roleSchema } from "@/lib/users/schemas";

// What follows from a route's declaration alone: the error answers its wrapper can give
// (lib/http/route.ts refuses in this order: control characters 400, cross-origin write 403, not
// JSON 415, too large 413, auth 401/429/403, schemas 422), who may call, and how.

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function operationParts(method: string, spec: RouteSpec | undefined, doc: OperationDoc) {
  if (!spec) {
    // a handler of its own (next-auth, health): only what its entry says
    return { errors: [] as ErrorStatus[], security: doc.security ?? [], extensions: { "x-sally-auth": doc.handler?.auth ?? "public", "x-sally-api-token": false } };
  }
  const write = WRITES.has(method);
  const signedIn = spec.auth !== "public";
  const errors: ErrorStatus[] = [400, 503];
  if (signedIn) errors.push(401, 403);
  else if (write) errors.push(403);
  if (spec.params) errors.push(404);
  if (write) errors.push(409);
  if (spec.maxBodyBytes !== undefined) errors.push(413);
  if (spec.body) errors.push(415);
  if (spec.body || spec.query || spec.params) errors.push(422);
  if (spec.apiToken) errors.push(429);

  const security: SecurityRequirement[] = !signedIn ? (doc.security ?? []) : spec.apiToken ? [{ session: [] }, { apiToken: [] }] : [{ session: [] }];
  const roles = spec.auth === "public" ? undefined : spec.auth === "signed-in" ? [...roleSchema.options] : [...PERMISSIONS[spec.auth]];
  return {
    errors,
    security,
    extensions: { "x-sally-auth": spec.auth, ...(roles ? { "x-sally-roles": roles } : {}), "x-sally-api-token": spec.apiToken },
  };
}
