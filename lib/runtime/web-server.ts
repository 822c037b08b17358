import { createServer, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import next from "next";
import { PEER_HEADER } from "@/lib/http/forwarded";

// Sally's production web server: Next.js's own request handler behind a plain Node HTTP server,
// so that the client's socket address is known to the app. Next.js route handlers cannot see
// the socket, and `next start` fills X-Forwarded-For from it only when the client sent none,
// so a client could name any address it liked.
//
// Each request gets PEER_HEADER set to its socket address (replacing any value the client
// sent). Without TRUST_PROXY the X-Forwarded-* headers are dropped as well: Next.js then fills
// them from the socket, and nothing downstream (next-auth, the app) reads a client's claim.

const FORWARDED = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded", "x-real-ip"];

export function sanitizeForwardedHeaders(req: Pick<IncomingMessage, "headers" | "socket">, trustProxy: boolean): IncomingHttpHeaders {
  const headers = req.headers;
  delete headers[PEER_HEADER];
  if (!trustProxy) for (const name of FORWARDED) delete headers[name];
  if (req.socket.remoteAddress) headers[PEER_HEADER] = req.socket.remoteAddress;
  return headers;
}

/**
 * A HEAD is answered as its GET, with the same headers (RFC 9110, 9.3.2). Next.js already runs the
 * GET for a HEAD, but its compression leaves HEAD out, so `curl -I` showed no Content-Encoding on
 * a file that GET sends gzipped. Node made the response bodiless when the request came in (a HEAD),
 * so no body is sent whatever the app writes.
 */
export function headAsGet(req: Pick<IncomingMessage, "method">): void {
  if (req.method === "HEAD") req.method = "GET";
}

export async function serveWeb(opts: { port: number; hostname: string; trustProxy: boolean }): Promise<void> {
  const app = next({ dev: false, dir: process.cwd(), hostname: opts.hostname, port: opts.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((req, res) => {
    sanitizeForwardedHeaders(req, opts.trustProxy);
    headAsGet(req);
    void handle(req, res);
  });
  // Node closes an idle keep-alive connection after 5 s; a client (a browser, a load balancer, a
  // script) that sends on it at that instant gets ECONNRESET. Idle connections are kept well past
  // the usual client and proxy idle times (60 s) so the client closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.hostname, resolve);
  });
  // finish the requests in flight, then exit, when the launcher asks
  const stop = () => server.close(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
