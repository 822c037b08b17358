import type { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { publicOrigin } from "@/lib/http/forwarded";

// CSRF defence for every state-changing API call, after the algorithm Go's net/http
// CrossOriginProtection uses. Browsers send Sec-Fetch-Site (all current ones) or at least Origin
// on a POST, PATCH, PUT or DELETE, and a page cannot forge either. So:
//  - Sec-Fetch-Site present: only "same-origin" (or "none": typed by the user) passes;
//  - otherwise Origin present: it must be this app's own origin: the Host the request came to
//    (or, with TRUST_PROXY, the forwarded host and protocol), or the origin of NEXTAUTH_URL;
//  - neither header: not a browser (curl, the CLI, scripts), so no ambient cookie to abuse: passes.
// SameSite=Lax cookies alone do not stop a same-site attacker or a top-level POST form.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossOriginWrite(req: NextRequest): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const site = req.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = req.headers.get("origin");
  if (!origin) return false;
  return !ownOrigins(req).has(normalized(origin) ?? "(opaque)");
}

function ownOrigins(req: NextRequest): Set<string> {
  const own = new Set<string>();
  // a proxy that terminates TLS without saying so still leaves the Host: either scheme counts
  const host = req.headers.get("host");
  if (host) for (const scheme of ["http:", "https:"]) own.add(normalized(`${scheme}//${host}`) ?? "");
  own.add(publicOrigin(req.headers) ?? "");
  const configured = env().NEXTAUTH_URL;
  if (configured) own.add(normalized(configured) ?? "");
  own.delete("");
  return own;
}

function normalized(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}
