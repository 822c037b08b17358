import "server-only";
import type { NextRequest } from "next/server";
import type { Study } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { AppError } from "@/lib/http/errors";
import { decodeParticipantToken, participantCookieName } from "@/lib/participants/token";

// The participant behind a request: the signed cookie set when they entered through the link.
// On every participant call, so study and participant come back in one query.
export async function participantFromRequest(req: NextRequest, publicCode: string) {
  const id = decodeParticipantToken(req.cookies.get(participantCookieName(publicCode))?.value);
  const { rows } = await pool().query<{ study: Study; participant: { id: string; consentedAt: string | null; completedAt: string | null } | null }>(
    `SELECT to_jsonb(s) AS study,
            (SELECT jsonb_build_object('id', p.id, 'consentedAt', p."consentedAt", 'completedAt', p."completedAt")
             FROM "Participant" p WHERE p.id = $2::uuid AND p."studyId" = s.id) AS participant
     FROM "Study" s WHERE s."publicCode" = $1`,
    [publicCode, id ?? "00000000-0000-0000-0000-000000000000"],
  );
  const row = rows[0];
  if (!row) throw new AppError("not_found", "There is no study at this link.");
  const study = row.study;
  if (study.state !== "open") {
    throw new AppError("conflict", `This study is ${study.state === "draft" ? "not open yet" : study.state}.`, {
      extra: { reason: `study_${study.state}` },
    });
  }
  if (!row.participant) throw new AppError("unauthenticated", "Open the study through its link first.");
  const p = row.participant;
  return {
    study,
    participant: { id: p.id, consentedAt: p.consentedAt ? new Date(p.consentedAt) : null, completedAt: p.completedAt ? new Date(p.completedAt) : null },
  };
}
