import { z } from "zod";
import { route } from "@/lib/http/route";
import { participantFromRequest } from "@/lib/participants/http";
import { answerScreener, screenerAnswerSchema } from "@/lib/participants/screener";

const params = z.object({ code: z.string().min(1).max(100) });

// The screener's answers (and the familiarity check's), before the first unit; 409 after it.
export const POST = route({ auth: "public", params, body: screenerAnswerSchema }, async ({ req, params, body }) => {
  const { study, participant } = await participantFromRequest(req, params.code);
  return answerScreener(study, participant.id, body);
});
