import "server-only";
import type { NextRequest } from "next/server";
import { pool } from "@/lib/db/pool";
import { AppError } from "@/lib/errors";
import { decodeParticipantToken, participantCookieName } from "@/lib/participants/token";
import { studyByCode, type CachedStudy } from "@/lib/studies/study";

// The participant behind a request: the signed cookie set when they entered through the link,
// checked without a database read (the statements that follow match it against the study).
// The study comes from the loader's short cache.
export async function participantFromRequest(req: NextRequest, publicCode: string): Promise<CachedStudy & { participant: { id: string } }> {
  let found = await studyByCode(pool(), publicCode);
  // a study just reopened must not wait for the cache; one just paused is caught by the statements that follow
  if (found && found.study.state !== "open") found = await studyByCode(pool(), publicCode, { fresh: true });
  if (!found) throw new AppError("not_found", "There is no study at this link.");
  const { study } = found;
  if (study.state !== "open") {
    throw new AppError("conflict", `This study is ${study.state === "draft" ? "not open yet" : study.state}.`, {
      extra: { reason: `study_${study.state}` },
    });
  }
  const id = decodeParticipantToken(req.cookies.get(participantCookieName(publicCode))?.value);
  if (!id) throw new AppError("unauthenticated", "Open the study through its link first.");
  return { ...found, participant: { id } };
}
