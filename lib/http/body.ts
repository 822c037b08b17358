import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";
import { MAX_JSON_DEPTH, nulPath, TooDeepError } from "@/lib/http/control-chars";

// JSON request bodies: capped, read as a stream and abandoned as soon as they pass the cap, so a
// huge POST costs the server at most the cap in memory, whoever sends it.
// The default cap depends on who may call: anonymous (participant) routes get 64 KB, far above a
// submission with a long comment; signed-in console routes get 1 MB, since a study's
// instructions alone may hold 50,000 characters. A route can set its own (`maxBodyBytes`).
export const PUBLIC_MAX_BODY_BYTES = 64 * 1024;
export const SIGNED_IN_MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = (max: number) =>
  new AppError("payload_too_large", `The request body is larger than ${Math.round(max / 1024)} KB, the most this endpoint accepts.`);

export function isJson(req: NextRequest): boolean {
  return /^application\/json\s*(;|$)/i.test(req.headers.get("content-type") ?? "");
}

/** Refuses before reading when Content-Length already says the body is too large. */
export function checkDeclaredLength(req: NextRequest, max: number): void {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > max) throw tooLarge(max);
}

export async function readJsonBody(req: NextRequest, max: number): Promise<unknown> {
  const text = await readCapped(req, max);
  if (!text.trim()) throw new AppError("malformed_json", "The request body is empty; send a JSON object.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("malformed_json", "The request body is not valid JSON.");
  }
  let nul: string | null;
  try {
    nul = nulPath(value);
  } catch (err) {
    if (err instanceof TooDeepError) throw new AppError("bad_request", `The request body nests more than ${MAX_JSON_DEPTH} levels deep.`);
    throw err;
  }
  if (nul) {
    throw new AppError("bad_request", "The request body contains a NUL character.", { invalidParams: [{ name: nul, reason: "contains a NUL character" }] });
  }
  return value;
}

async function readCapped(req: NextRequest, max: number): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let size = 0;
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => {});
        throw tooLarge(max);
      }
      text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("malformed_json", "The request body is not valid UTF-8 JSON.", { cause: err });
  } finally {
    reader.releaseLock();
  }
}
