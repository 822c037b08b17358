import { env } from "@/lib/env";

// Who the client is, and where the app is publicly reachable.
//
// X-Forwarded-* headers are the client's own words unless a reverse proxy we trust wrote them,
// so they count only with TRUST_PROXY=true: one proxy in front that appends the client's address
// to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for, most load balancers) and sets
// X-Forwarded-Host and -Proto. The last X-Forwarded-For entry is then the one our proxy wrote;
// anything before it came from the client.
//
// Without TRUST_PROXY, Sally's web server (lib/runtime/web-server.ts, run by `npm start`)
// records the socket's address in PEER_HEADER, replacing any value a client sent.
export const PEER_HEADER = "x-sally-peer";

type HeaderSource = Headers | Record<string, unknown> | undefined;

function header(headers: HeaderSource, name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name];
  return typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : null;
}

/** The client's IP address, or null when it cannot be known. */
export function clientIp(headers: HeaderSource): string | null {
  const forwarded = env().TRUST_PROXY ? header(headers, "x-forwarded-for")?.split(",").at(-1)?.trim() : undefined;
  const address = forwarded || header(headers, PEER_HEADER)?.trim();
  // an IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d
  return address ? address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "") : null;
}

/** The origin browsers use to reach the app (scheme://host[:port]), or null. */
export function publicOrigin(headers: HeaderSource): string | null {
  const trusted = env().TRUST_PROXY;
  const host = (trusted && header(headers, "x-forwarded-host")?.split(",")[0]?.trim()) || header(headers, "host");
  const proto = (trusted && header(headers, "x-forwarded-proto")?.split(",")[0]?.trim()) || "http";
  // a host name or address with an optional port, nothing that could add a path or credentials
  if (!host || !/^[a-z0-9.\-[\]:]+$/i.test(host) || !/^https?$/.test(proto)) return null;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}
