import { z } from "zod";
import { route } from "@/lib/http/route";
import { participantFromRequest } from "@/lib/participants/http";
import { renewForParticipant } from "@/lib/participants/renew";

const params = z.object({ code: z.string().min(1).max(100) });
const body = z.object({ assignmentId: z.string().uuid() });

// More time on the held unit (the page's "Keep working" before the lease runs out).
export const POST = route({ auth: "public", params, body }, async ({ req, params, body }) => {
  const { study, participant } = await participantFromRequest(req, params.code);
  return renewForParticipant(study, participant.id, body.assignmentId);
});
