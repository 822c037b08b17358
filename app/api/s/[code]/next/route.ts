import { z } from "zod";
import { route } from "@/lib/http/route";
import { participantFromRequest } from "@/lib/participants/http";
import { nextForParticipant } from "@/lib/participants/task";

const params = z.object({ code: z.string().min(1).max(100) });

// The participant's current unit (the same one after a refresh), or the next one, or "done".
export const GET = route({ auth: "public", params }, async ({ req, params }) => {
  const { study, units, participant } = await participantFromRequest(req, params.code);
  const result = await nextForParticipant(study, units, participant);
  return Response.json(result, { headers: { "cache-control": "no-store" } });
});
