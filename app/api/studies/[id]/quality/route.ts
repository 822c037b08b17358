import { z } from "zod";
import { route } from "@/lib/http/route";
import { participantQuality, policyChanges } from "@/lib/studies/quality";
import { getStudyFor } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid() });
const query = z.object({ aggregation: z.enum(["majority", "dawid-skene"]).default("dawid-skene") });

// Per-annotator quality for the participants page, with the policy and its changes after opening.
export const GET = route({ auth: "studies.read", params, query }, async ({ user, params, query }) => {
  const study = await getStudyFor(user, params.id);
  const [quality, changes] = await Promise.all([participantQuality(study, query.aggregation), policyChanges(study.id)]);
  return Response.json({ ...quality, policy: study.settings.exclusion, policyChanges: changes }, { headers: { "cache-control": "no-store" } });
});
