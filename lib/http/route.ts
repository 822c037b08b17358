import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { roleAllows, type RouteAuth } from "@/lib/auth/permissions";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { authenticateToken } from "@/lib/auth/tokens/authenticate";
import { bearerCredential } from "@/lib/auth/tokens/format";
import { tokenMayCall } from "@/lib/auth/tokens/scope";
import { AppError } from "@/lib/errors";
import { checkDeclaredLength, isJson, PUBLIC_MAX_BODY_BYTES, readJsonBody, SIGNED_IN_MAX_BODY_BYTES } from "@/lib/http/body";
import { controlCharEntries } from "@/lib/http/control-chars";
import { errorResponse } from "@/lib/http/error-response";
import { problem, zodInvalidParams } from "@/lib/http/problem";
import { isCrossOriginWrite } from "@/lib/http/same-origin";

export { errorResponse };

// Every route handler is declared through this: edge checks (control characters, same origin,
// JSON content type, body size) → auth → parse → handler, with one error shape.
//
// Auth is the session cookie, or on routes a token may call (lib/auth/tokens/scope.ts) an
// `Authorization: Bearer` API token instead. A request that presents a token is judged by the
// token alone, never by cookies, so the same-origin check (a defence for cookies) does not apply.

type Auth = RouteAuth;

interface Spec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined> {
  auth: Auth;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * Largest request body accepted, in bytes. For a declared `body` (JSON) it defaults to 64 KB on
   * public routes and 1 MB on signed-in ones (lib/http/body.ts); a route that streams its raw
   * body itself (an upload) sets it so that a declared Content-Length over it is refused before
   * the handler runs.
   */
  maxBodyBytes?: number;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a route declared, kept on its handler so that lib/openapi describes the real module. */
export interface RouteSpec {
  auth: Auth;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** the cap actually applied (the default for a JSON body, or the route's own) */
  maxBodyBytes?: number;
  /** whether an API token is accepted here */
  apiToken: boolean;
}

export interface Ctx<B, Q, P, U> {
  req: NextRequest;
  requestId: string;
  user: U;
  body: B;
  query: Q;
  params: P;
}

type UserFor<A extends Auth> = A extends "public" ? null : SessionUser;
type RouteContext = { params?: Promise<Record<string, string | string[]>> };

export function route<
  A extends Auth,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(
  spec: Spec<B, Q, P> & { auth: A },
  handler: (ctx: Ctx<Out<B>, Out<Q>, Out<P>, UserFor<A>>) => Promise<Response | unknown>,
) {
  const defaultMax = spec.auth === "public" ? PUBLIC_MAX_BODY_BYTES : SIGNED_IN_MAX_BODY_BYTES;
  const maxBody = spec.maxBodyBytes ?? (spec.body ? defaultMax : undefined);
  const handle = async (req: NextRequest, context: RouteContext) => {
    const requestId = randomUUID();
    const headers = { "x-request-id": requestId };
    try {
      // cheap refusals first, before the session lookup or a byte of the body is read
      const rawParams = (await context.params) ?? {};
      refuseControlChars(req, rawParams);
      const token = spec.auth === "public" ? null : bearerCredential(req.headers.get("authorization"));
      if (token === null && isCrossOriginWrite(req)) {
        return problem("forbidden", "Cross-origin requests cannot change anything here.", { headers });
      }
      if (spec.body && !isJson(req)) {
        return problem("unsupported_media_type", "Send the request body as application/json.", { headers });
      }
      if (maxBody !== undefined) checkDeclaredLength(req, maxBody);

      let user: SessionUser | null = null;
      if (spec.auth !== "public") {
        if (token !== null) {
          const found = await authenticateToken(token);
          if (!found.ok && found.code === "rate_limited") {
            return problem("rate_limited", found.detail, { headers: { ...headers, "retry-after": String(found.retryAfterSeconds) } });
          }
          if (!found.ok) return problem("unauthenticated", found.detail, { headers: { ...headers, "www-authenticate": 'Bearer error="invalid_token"' } });
          if (!tokenMayCall(spec.auth)) {
            return problem("forbidden", "API tokens cannot be used here; sign in with a browser to do this.", { headers });
          }
          user = found.user;
        } else {
          user = await currentUser();
        }
        if (!user) return problem("unauthenticated", "Sign in to use this endpoint.", { headers });
        if (spec.auth !== "signed-in" && !roleAllows(user, spec.auth)) {
          return problem("forbidden", "Your role does not allow this action.", { headers });
        }
      }
      const params = spec.params ? parseOrThrow(spec.params, rawParams, "params") : undefined;
      const query = spec.query
        ? parseOrThrow(spec.query, Object.fromEntries(req.nextUrl.searchParams.entries()), "query")
        : undefined;
      const body = spec.body ? parseOrThrow(spec.body, await readJsonBody(req, maxBody!), "body") : undefined;
      const result = await handler({ req, requestId, user: user as UserFor<A>, body, query, params } as Ctx<
        Out<B>,
        Out<Q>,
        Out<P>,
        UserFor<A>
      >);
      if (result instanceof Response) {
        result.headers.set("x-request-id", requestId);
        return result;
      }
      return Response.json(result ?? { ok: true }, { headers });
    } catch (err) {
      return errorResponse(err, requestId, req);
    }
  };
  const declared: RouteSpec = { ...spec, maxBodyBytes: maxBody, apiToken: tokenMayCall(spec.auth) };
  return Object.assign(handle, { spec: declared });
}

function refuseControlChars(req: NextRequest, params: Record<string, string | string[]>): void {
  const bad = [...controlCharEntries(Object.entries(params), "params"), ...controlCharEntries(req.nextUrl.searchParams.entries(), "query")];
  if (bad.length) {
    throw new AppError("bad_request", "The address contains a control character.", {
      invalidParams: bad.map((name) => ({ name, reason: "contains a control character" })),
    });
  }
}

const WHERE_TEXT: Record<string, string> = { params: "The address (its path)", query: "The query string", body: "The request body" };

function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, where: "params" | "query" | "body"): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("invalid_input", `${WHERE_TEXT[where]} is not valid.`, {
      invalidParams: zodInvalidParams(parsed.error, where === "body" ? undefined : where),
    });
  }
  return parsed.data;
}
