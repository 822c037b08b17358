import { NextResponse, type NextRequest } from "next/server";
import { can } from "@/lib/auth/permissions";
import { currentUser } from "@/lib/auth/session";
import { hasControlChars } from "@/lib/http/control-chars";
import { classifyDatabaseError } from "@/lib/http/db-errors";
import { publicOrigin } from "@/lib/http/forwarded";
import { enterStudy, entryParamsSchema, StudyUnavailable } from "@/lib/participants/entry";
import { pathOf, type Destination } from "@/lib/participants/paths";
import { decodeParticipantToken, encodeParticipantToken, participantCookieName } from "@/lib/participants/token";

export const dynamic = "force-dynamic";

// A relative redirect: the browser resolves it against the address it used, so a participant
// who reached the app by a real hostname stays on it (the server may listen on 0.0.0.0).
function seeOther(code: string, to: Destination): NextResponse {
  return new NextResponse(null, { status: 303, headers: { location: pathOf(code, to) } });
}

// A launch puts many people on this link at once: when no database connection frees up in time,
// the browser is asked to come back shortly (and does so by itself) instead of seeing an error.
function busy(): NextResponse {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>One moment</title></head>
<body><main><h1>One moment, please</h1><p role="status">Many people are starting this study right now. This page tries again by itself in a few seconds.</p></main></body></html>`;
  return new NextResponse(html, { status: 503, headers: { "content-type": "text/html; charset=utf-8", "retry-after": "3", "cache-control": "no-store" } });
}

/** Whether the browser reaches the app over https (then the cookie is Secure). */
function overHttps(req: NextRequest): boolean {
  return [req.nextUrl.origin, process.env.NEXTAUTH_URL, publicOrigin(req.headers)].some((o) => o?.startsWith("https:"));
}

// The shareable study link. Records the platform's URL parameters, resumes or creates the
// participant, sets their signed cookie and sends them on: consent first, then the task.
export async function GET(req: NextRequest, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const parsed = entryParamsSchema.safeParse(Object.fromEntries(req.nextUrl.searchParams.entries()));
  if (!parsed.success || hasControlChars(code)) return seeOther(code, { to: "unavailable", reason: "bad_link" });
  try {
    const user = await currentUser().catch(() => null);
    const { study, participant } = await enterStudy({
      publicCode: code,
      params: parsed.data,
      query: Object.fromEntries(req.nextUrl.searchParams.entries()),
      cookieParticipantId: decodeParticipantToken(req.cookies.get(participantCookieName(code))?.value),
      user: user ? { id: user.id, canAnnotate: can(user, "studies.annotate") } : null,
    });
    const res = seeOther(code, { to: participant.consentedAt ? "task" : "consent" });
    const secure = overHttps(req);
    // MTurk shows an ExternalQuestion HIT in a frame on its own site, where a Lax cookie is never
    // sent: the worker was told to open the study from the platform they were on. There, over
    // HTTPS (which MTurk requires), the cookie is SameSite=None and partitioned to the framing
    // site. Writes still need our own Origin (lib/http/same-origin.ts).
    const framed = secure && study.entryMode === "mturk";
    res.cookies.set(participantCookieName(code), encodeParticipantToken(participant.id), {
      httpOnly: true,
      sameSite: framed ? "none" : "lax",
      ...(framed ? { partitioned: true } : {}),
      secure,
      path: "/",
      maxAge: 60 * 60 * 24 * 30,
    });
    return res;
  } catch (err) {
    if (err instanceof StudyUnavailable) return seeOther(code, { to: "unavailable", reason: err.reason });
    if (classifyDatabaseError(err)?.kind === "unavailable") return busy();
    throw err;
  }
}
