import { z } from "zod";
import { route } from "@/lib/http/route";
import { recordConsent } from "@/lib/participants/entry";
import { participantFromRequest } from "@/lib/participants/http";

const params = z.object({ code: z.string().min(1).max(100) });
const body = z.object({ consent: z.literal(true, { error: "Tick the consent box to continue." }) });

export const POST = route({ auth: "public", params, body }, async ({ req, params }) => {
  const { study, participant } = await participantFromRequest(req, params.code);
  await recordConsent(study, participant.id);
  return { ok: true };
});
