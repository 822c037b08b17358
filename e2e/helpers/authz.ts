import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { apiSignIn, E2E } from "../support";

// The pieces of the authorization matrix: what the app serves (read from app/, so a new route
// shows up by itself), a request context per role, and one probe of one endpoint.

export const APP_DIR = path.resolve(import.meta.dirname, "../../app");

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** "GET /api/datasets/[id]": a method and the file-system path pattern of a route handler or page. */
export type EndpointKey = `${(typeof METHODS)[number]} /${string}`;

/** The HTTP methods a route.ts exports, as `export const GET`, `export async function GET` or `export { h as GET }`. */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/g)) found.add(m[1]!);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(",")) found.add(part.trim().split(/\s+as\s+/).pop()!.trim());
  }
  return METHODS.filter((method) => found.has(method));
}

/** Every route handler (each exported method) and every page under app/, as endpoint keys. */
export function discoverEndpoints(dir = APP_DIR): EndpointKey[] {
  const out: EndpointKey[] = [];
  const walk = (abs: string, segments: string[]) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        // route groups such as (console) are not part of the URL
        walk(path.join(abs, entry.name), /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name]);
      } else if (/^page\.(tsx|ts|jsx|js)$/.test(entry.name)) {
        out.push(`GET /${segments.join("/")}`);
      } else if (/^route\.(ts|js)$/.test(entry.name)) {
        for (const method of exportedMethods(readFileSync(path.join(abs, entry.name), "utf8"))) out.push(`${method} /${segments.join("/")}` as EndpointKey);
      }
    }
  };
  walk(dir, []);
  return out.sort();
}

/** Replaces each dynamic segment, by the segment before it ("datasets/[id]"), with a fixture value. */
export function fillPath(pattern: string, values: Record<string, string>): string {
  const parts = pattern.split("/");
  return parts
    .map((part, i) => {
      if (!/^\[.*\]$/.test(part)) return part;
      const key = `${parts[i - 1]}/${part}`;
      const value = values[key];
      if (value === undefined) throw new Error(`no fixture fills ${key} in ${pattern}: add one to the matrix's segment values`);
      return encodeURIComponent(value);
    })
    .join("/");
}

/** A request context that sends our Origin on every request, signed in when credentials are given. */
export async function roleContext(credentials?: { email: string; password: string }): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { origin: E2E.baseURL } });
  if (credentials) await apiSignIn(ctx, credentials.email, credentials.password);
  return ctx;
}

/** A throwaway copy of a context's cookies, for requests whose cookies must not stay behind. */
export async function copyOf(ctx: APIRequestContext): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { origin: E2E.baseURL }, storageState: await ctx.storageState() });
}

export interface Probe {
  status: number;
  /** the path a redirect points to */
  location: string | null;
  body: string;
}

/** One request, never following redirects. State-changing ones carry a content type (JSON unless given). */
export async function probe(ctx: APIRequestContext, method: string, url: string, opts: { body?: unknown; contentType?: string } = {}): Promise<Probe> {
  const changes = !["GET", "HEAD", "OPTIONS"].includes(method);
  const contentType = opts.contentType ?? "application/json";
  const res = await ctx.fetch(url, {
    method,
    maxRedirects: 0,
    headers: changes ? { "content-type": contentType } : {},
    data: opts.body === undefined ? undefined : contentType === "application/json" ? JSON.stringify(opts.body) : (opts.body as string),
  });
  const location = res.headers()["location"];
  const body = res.status() >= 300 && res.status() < 400 ? "" : await res.text();
  return { status: res.status(), location: location ? new URL(location, E2E.baseURL).pathname : null, body };
}
