import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { contentSecurityPolicy, newNonce } from "@/lib/http/csp";
import { STUDY_HEADER } from "@/lib/i18n/study-header";

/** The study code of a participant page (/s/<code>/…), for the page's language. */
function studyCodeOf(pathname: string): string | null {
  const m = /^\/s\/([^/]+)/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

// Security headers for pages: a fresh nonce and Content-Security-Policy per request (Next.js
// reads the nonce from the request's CSP header and puts it on its scripts), and framing rules.
// API routes are not matched: a proxy would buffer request bodies (the upload streams), and JSON
// needs no CSP. Their headers (nosniff, DENY framing) come from next.config.ts.
export function proxy(request: NextRequest) {
  const e = env();
  const participantPage = request.nextUrl.pathname.startsWith("/s/");
  const frameAncestors = participantPage ? e.FRAME_ANCESTORS : "'none'";
  const csp = contentSecurityPolicy({
    nonce: newNonce(),
    frameAncestors,
    dev: process.env.NODE_ENV === "development",
    https: (e.NEXTAUTH_URL ?? "").startsWith("https:"),
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  // lib/i18n/request.ts trusts this header, so a client's own value never passes
  headers.delete(STUDY_HEADER);
  // the accessibility statement, opened from a participant page, is in that study's language
  const statementOf = request.nextUrl.pathname === "/accessibility" ? request.nextUrl.searchParams.get("study") : null;
  const code = participantPage ? studyCodeOf(request.nextUrl.pathname) : statementOf;
  if (code) headers.set(STUDY_HEADER, code);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  // old browsers know only X-Frame-Options; it would also override an allowance in some
  if (frameAncestors === "'none'") response.headers.set("x-frame-options", "DENY");
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico).*)",
      // prefetches carry no document to protect
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
