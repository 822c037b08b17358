import { z } from "zod";
import { route } from "@/lib/http/route";
import { participantFromRequest } from "@/lib/participants/http";
import { submitForParticipant } from "@/lib/participants/task";

const params = z.object({ code: z.string().min(1).max(100) });
const body = z.object({
  assignmentId: z.string().uuid(),
  idempotencyKey: z.string().min(8).max(100),
  /** the stage answered (staged studies); absent: the stage last shown */
  stage: z.number().int().min(1).max(2).nullable().default(null),
  payload: z.unknown(),
  startedAt: z.iso.datetime().nullable().default(null),
  durationMs: z.number().int().min(0).max(7 * 24 * 3600 * 1000).nullable().default(null),
  /** quality signals from the page (paste events, focus losses): recorded, never judged here */
  signals: z
    .object({ pastes: z.number().int().min(0).max(10_000).optional(), focusLosses: z.number().int().min(0).max(10_000).optional() })
    .strict()
    .optional(),
});

// Idempotent: a retry with the same key returns the stored response (200) instead of a new one.
export const POST = route({ auth: "public", params, body }, async ({ req, params, body }) => {
  const { study, participant } = await participantFromRequest(req, params.code);
  const result = await submitForParticipant({
    study,
    participant,
    assignmentId: body.assignmentId,
    idempotencyKey: body.idempotencyKey,
    stage: body.stage,
    payload: body.payload,
    startedAt: body.startedAt ? new Date(body.startedAt) : null,
    durationMs: body.durationMs,
    signals: body.signals,
  });
  const feedback = "feedback" in result ? { feedback: result.feedback } : {};
  return Response.json({ responseId: result.responseId, duplicate: result.duplicate, ...feedback }, { status: result.duplicate ? 200 : 201 });
});
