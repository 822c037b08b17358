import { z } from "zod";
import { route } from "@/lib/http/route";
import { excludeByResearcher } from "@/lib/studies/quality";
import { getStudyFor } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid(), participantId: z.string().uuid() });
const body = z.object({ reason: z.string().trim().min(3, "Give a reason (at least a few words).").max(2000) });

// A researcher excludes a participant: answers voided, units reopened, audited; the policy re-applied.
export const POST = route({ auth: "studies.manage", params, body }, async ({ user, params, body }) => {
  const study = await getStudyFor(user, params.id);
  return Response.json(await excludeByResearcher({ study, participantId: params.participantId, reason: body.reason, actorId: user.id }), { status: 201 });
});
