import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { inputSchema } from "@/lib/openapi/schema";
import type { OpenApiDocument, ResponseObject } from "@/lib/openapi/types";

// The shared parts of the document: the one error shape, the error answers, and the ways to
// authenticate.

// lib/http/problem.ts's Problem, as a schema (RFC 9457 problem details)
const problemSchema = z
  .looseObject({
    type: z.string().describe("`/problems/<code>`"),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().describe("what went wrong, for people; never internal error text"),
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    invalid_params: z
      .array(z.object({ name: z.string().describe("`body.field`, `query.name` or `params.name` (a body field without the prefix)"), reason: z.string() }))
      .optional()
      .describe("one entry per refused field"),
  })
  .describe("RFC 9457 problem details: every error answer of the API");

/** The error answers, by status, as named in components.responses. */
export const ERROR_RESPONSES = {
  400: ["BadRequest", "A control character in the path or query, or a body that is not JSON (or holds a NUL)."],
  401: ["Unauthenticated", "No valid session cookie or API token (or, on participant routes, no participant cookie for this study)."],
  403: ["Forbidden", "The caller's role may not do this, an API token was used where only a browser session may be, or a state-changing request came from another site."],
  404: ["NotFound", "No such resource, or one the caller may not see (answered exactly as a missing one)."],
  409: ["Conflict", "The request clashes with the current state (a duplicate, a resource in use, a study in the wrong state)."],
  413: ["PayloadTooLarge", "The body is larger than this endpoint accepts."],
  415: ["UnsupportedMediaType", "The body was not sent as application/json."],
  422: ["InvalidInput", "The body, query or path parameters do not match the schema; `invalid_params` names each field."],
  429: ["RateLimited", "Too many requests: an API token over its rate limit, or too many wrong passwords. Wait `Retry-After` seconds."],
  503: ["Unavailable", "The database is unreachable or busy. Retry after `Retry-After` seconds; nothing was changed."],
} as const satisfies Record<number, readonly [string, string]>;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

const retryAfter = { "Retry-After": { description: "seconds to wait before trying again", schema: { type: "integer", minimum: 1 } } };

function errorResponse(status: ErrorStatus): ResponseObject {
  const [, description] = ERROR_RESPONSES[status];
  return {
    description,
    ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  };
}

export const SECURITY_SCHEMES = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description: "The session cookie set by signing in at /signin (`__Secure-next-auth.session-token` over HTTPS). State-changing requests must come from Sally's own pages (same origin).",
  },
  apiToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "sally_<prefix>_<secret>",
    description:
      "A personal API token from /account (researchers and admins), sent as `Authorization: Bearer <token>`. It acts with its owner's current role, only on the operations marked `x-sally-api-token: true`, and is rate-limited per token.",
  },
  participant: {
    type: "apiKey",
    in: "cookie",
    name: "sally_p_<code>",
    description: "The participant cookie set when someone enters a study through its link (/s/<code>); no account.",
  },
} as const;

export function components(): OpenApiDocument["components"] {
  const responses: Record<string, ResponseObject> = {};
  for (const status of Object.keys(ERROR_RESPONSES).map(Number) as ErrorStatus[]) responses[ERROR_RESPONSES[status][0]] = errorResponse(status);
  return { schemas: { Problem: inputSchema(problemSchema) }, responses, securitySchemes: SECURITY_SCHEMES };
}
