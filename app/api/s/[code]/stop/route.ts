import { z } from "zod";
import { route } from "@/lib/http/route";
import { participantFromRequest } from "@/lib/participants/http";
import { stopParticipant } from "@/lib/participants/stop";

const params = z.object({ code: z.string().min(1).max(100) });

// "Stop here": leases released at once, submitted answers kept, and what to do next.
export const POST = route({ auth: "public", params }, async ({ req, params }) => {
  const { study, participant } = await participantFromRequest(req, params.code);
  return stopParticipant(study, participant.id);
});
