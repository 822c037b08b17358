import { z } from "zod";
import { route } from "@/lib/http/route";
import { participantFromRequest } from "@/lib/participants/http";
import { returnForParticipant } from "@/lib/participants/task";

const params = z.object({ code: z.string().min(1).max(100) });
const body = z.object({ assignmentId: z.string().uuid() });

export const POST = route({ auth: "public", params, body }, async ({ req, params, body }) => {
  const { participant } = await participantFromRequest(req, params.code);
  await returnForParticipant(participant.id, body.assignmentId);
  return { ok: true };
});
