import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { can, type Action } from "@/lib/auth/permissions";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/error-response";
import { problem, zodInvalidParams } from "@/lib/http/problem";

export { errorResponse };

// Every route handler is declared through this: auth → parse → handler, with one error shape.

type Auth = "public" | "signed-in" | Action;

interface Spec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined> {
  auth: Auth;
  body?: B;
  query?: Q;
  params?: P;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Ctx<B, Q, P, U> {
  req: NextRequest;
  requestId: string;
  user: U;
  body: B;
  query: Q;
  params: P;
}

type UserFor<A extends Auth> = A extends "public" ? null : SessionUser;

export function route<
  A extends Auth,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(
  spec: Spec<B, Q, P> & { auth: A },
  handler: (ctx: Ctx<Out<B>, Out<Q>, Out<P>, UserFor<A>>) => Promise<Response | unknown>,
) {
  return async (req: NextRequest, context: { params?: Promise<Record<string, string | string[]>> }) => {
    const requestId = randomUUID();
    const headers = { "x-request-id": requestId };
    try {
      const user = spec.auth === "public" ? null : await currentUser();
      if (spec.auth !== "public") {
        if (!user) return problem("unauthenticated", "Sign in to use this endpoint.", { headers });
        if (spec.auth !== "signed-in" && !can(user, spec.auth)) {
          return problem("forbidden", "Your role does not allow this action.", { headers });
        }
      }
      const params = spec.params ? parseOrThrow(spec.params, (await context.params) ?? {}, "params") : undefined;
      const query = spec.query
        ? parseOrThrow(spec.query, Object.fromEntries(req.nextUrl.searchParams.entries()), "query")
        : undefined;
      const body = spec.body ? parseOrThrow(spec.body, await readJson(req), "body") : undefined;
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
}

function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("invalid_input", `The request ${where} is not valid.`, {
      invalidParams: zodInvalidParams(parsed.error, where === "body" ? undefined : where),
    });
  }
  return parsed.data;
}

async function readJson(req: NextRequest): Promise<unknown> {
  const text = await req.text();
  if (!text.trim()) throw new AppError("malformed_json", "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("malformed_json", "The request body is not valid JSON.");
  }
}
