import type { z } from "zod";
import { AppError, ERROR_STATUS, type ErrorCode, type InvalidParam } from "@/lib/errors";

// RFC 9457 problem details: the one error body every API route returns.
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  invalid_params?: InvalidParam[];
  [extension: string]: unknown;
}

const TITLES: Record<ErrorCode, string> = {
  bad_request: "Bad request",
  malformed_json: "Malformed JSON",
  unauthenticated: "Sign-in required",
  forbidden: "Not allowed",
  not_found: "Not found",
  conflict: "Conflict",
  gone: "Gone",
  payload_too_large: "Payload too large",
  unsupported_media_type: "Unsupported media type",
  invalid_input: "Invalid input",
  rate_limited: "Too many requests",
  internal: "Internal error",
  unavailable: "Service unavailable",
};

export function problem(
  code: ErrorCode,
  detail: string,
  extra: { invalid_params?: InvalidParam[]; headers?: HeadersInit; [k: string]: unknown } = {},
): Response {
  const { headers, ...fields } = extra;
  const body: Problem = { type: `/problems/${code}`, title: TITLES[code], status: ERROR_STATUS[code], detail, code, ...fields };
  if (!body.invalid_params) delete body.invalid_params;
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { "content-type": "application/problem+json", ...Object.fromEntries(new Headers(headers)) },
  });
}

export function fromAppError(err: AppError, headers?: HeadersInit): Response {
  return problem(err.code, err.message, { invalid_params: err.invalidParams, ...err.extra, headers });
}

export function zodInvalidParams(error: z.ZodError, prefix?: string): InvalidParam[] {
  const named = (path: readonly PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join(".") || "(root)";
  // a strict object's unknown keys: each under its own name, not all under the object's
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => ({ name: named([...issue.path, key]), reason: issue.message })) : [{ name: named(issue.path), reason: issue.message }],
  );
}
