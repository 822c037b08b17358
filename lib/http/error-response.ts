import type { NextRequest } from "next/server";
import { Prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { appErrorFromDatabase } from "@/lib/http/db-errors";
import { fromAppError, problem } from "@/lib/http/problem";
import { log } from "@/lib/log";

// Seconds a client should wait before retrying a 503: long enough for a database restart or a
// burst of connections to pass, short enough that a participant hardly notices.
export const RETRY_AFTER_SECONDS = 5;

// Anything a handler throws becomes one problem+json. Internal text stays in the log.
export function errorResponse(err: unknown, requestId: string, req?: NextRequest): Response {
  const path = req?.nextUrl.pathname;
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2025") {
    return problem("not_found", "The record does not exist.", { headers: { "x-request-id": requestId } });
  }
  const known = err instanceof AppError ? err : appErrorFromDatabase(err);
  if (!known) {
    log.error("unhandled error", { requestId, path, err });
    return problem("internal", `Something went wrong on our side. Quote request id ${requestId} when reporting it.`, {
      headers: { "x-request-id": requestId },
    });
  }
  if (known !== err) log.warn("database refused the request", { requestId, path, code: known.code, err });
  else if (known.status >= 500) log.error("request failed", { requestId, path, err });
  const headers: Record<string, string> = { "x-request-id": requestId };
  if (known.status === 503) headers["retry-after"] = String(RETRY_AFTER_SECONDS);
  return fromAppError(known, headers);
}
