import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { pathOf } from "@/lib/participants/paths";
import { db } from "@/lib/db/client";
import { decodeParticipantToken, participantCookieName } from "@/lib/participants/token";

// Where a participant page may render: an open study, and the participant named by the
// cookie (else back to the study link, which makes one). Shared by the consent and task pages.
export async function participantPage(code: string) {
  const study = await db().study.findUnique({ where: { publicCode: code }, select: { id: true, name: true, instructions: true, state: true } });
  if (!study) redirect(pathOf(code, { to: "unavailable", reason: "unknown" }));
  if (study.state !== "open") redirect(pathOf(code, { to: "unavailable", reason: study.state }));
  const participantId = decodeParticipantToken((await cookies()).get(participantCookieName(code))?.value);
  const participant = participantId
    ? await db().participant.findFirst({ where: { id: participantId, studyId: study.id }, select: { consentedAt: true } })
    : null;
  if (!participant) redirect(pathOf(code, { to: "link" }));
  return { study, participant };
}
