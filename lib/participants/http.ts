import "server-only";
import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { participantOf } from "@/lib/participants/entry";
import { decodeParticipantToken, participantCookieName } from "@/lib/participants/token";

// The participant behind a request: the signed cookie set when they entered through the link.
export async function participantFromRequest(req: NextRequest, publicCode: string) {
  const study = await db().study.findUnique({ where: { publicCode } });
  if (!study) throw new AppError("not_found", "There is no study at this link.");
  if (study.state !== "open") {
    throw new AppError("conflict", `This study is ${study.state === "draft" ? "not open yet" : study.state}.`, {
      extra: { reason: `study_${study.state}` },
    });
  }
  const id = decodeParticipantToken(req.cookies.get(participantCookieName(publicCode))?.value);
  const participant = await participantOf(study.id, id);
  return { study, participant };
}
