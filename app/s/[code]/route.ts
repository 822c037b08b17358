import { NextResponse, type NextRequest } from "next/server";
import { can } from "@/lib/auth/permissions";
import { currentUser } from "@/lib/auth/session";
import { hasControlChars } from "@/lib/http/control-chars";
import { enterStudy, entryParamsSchema, StudyUnavailable } from "@/lib/participants/entry";
import { pathOf } from "@/lib/participants/paths";
import { decodeParticipantToken, encodeParticipantToken, participantCookieName } from "@/lib/participants/token";

export const dynamic = "force-dynamic";

// The shareable study link. Records the platform's URL parameters, resumes or creates the
// participant, sets their signed cookie and sends them on: consent first, then the task.
export async function GET(req: NextRequest, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const parsed = entryParamsSchema.safeParse(Object.fromEntries(req.nextUrl.searchParams.entries()));
  if (!parsed.success || hasControlChars(code)) return NextResponse.redirect(new URL(pathOf(code, { to: "unavailable", reason: "bad_link" }), req.url), 303);
  try {
    const user = await currentUser().catch(() => null);
    const { participant } = await enterStudy({
      publicCode: code,
      params: parsed.data,
      cookieParticipantId: decodeParticipantToken(req.cookies.get(participantCookieName(code))?.value),
      user: user ? { id: user.id, canAnnotate: can(user, "studies.annotate") } : null,
    });
    const res = NextResponse.redirect(new URL(pathOf(code, { to: participant.consentedAt ? "task" : "consent" }), req.url), 303);
    res.cookies.set(participantCookieName(code), encodeParticipantToken(participant.id), {
      httpOnly: true,
      sameSite: "lax",
      secure: req.nextUrl.protocol === "https:",
      path: "/",
      maxAge: 60 * 60 * 24 * 30,
    });
    return res;
  } catch (err) {
    if (err instanceof StudyUnavailable) {
      return NextResponse.redirect(new URL(pathOf(code, { to: "unavailable", reason: err.reason }), req.url), 303);
    }
    throw err;
  }
}
