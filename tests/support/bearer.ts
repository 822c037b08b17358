import { NextRequest } from "next/server";

// Calls a real route handler as a script would: with `Authorization: Bearer <token>` and no
// cookie, through the route wrapper (auth, zod, problem+json), without a web server in between.

const ORIGIN = "http://sally.test";

type Handler = (req: NextRequest, ctx: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = unknown>(
  handler: Handler,
  opts: { token?: string; method?: string; path?: string; params?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { host: new URL(ORIGIN).host, ...opts.headers };
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const req = new NextRequest(`${ORIGIN}${opts.path ?? "/api/x"}`, {
    method: opts.method ?? "GET",
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // a download: keep the text
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}
