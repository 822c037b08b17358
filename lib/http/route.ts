import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { roleAllows, type Action } from "@/lib/auth/permissions";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { Prisma } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { fromAppError, problem, zodInvalidParams } from "@/lib/http/problem";
import { log } from "@/lib/log";

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
        if (spec.auth !== "signed-in" && !roleAllows(user, spec.auth)) {
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

export function errorResponse(err: unknown, requestId: string, req?: NextRequest): Response {
  const headers = { "x-request-id": requestId };
  if (err instanceof AppError) {
    if (err.status >= 500) log.error("request failed", { requestId, path: req?.nextUrl.pathname, err });
    return fromAppError(err, headers);
  }
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    if (err.code === "P2002") return problem("conflict", "This conflicts with an existing record.", { headers });
    if (err.code === "P2025") return problem("not_found", "The record does not exist.", { headers });
  }
  log.error("unhandled error", { requestId, path: req?.nextUrl.pathname, err });
  return problem("internal", `Something went wrong on our side. Quote request id ${requestId} when reporting it.`, {
    headers,
  });
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
