import { z } from "zod";
import { route } from "@/lib/http/route";
import { studyResults } from "@/lib/studies/results";
import { getStudyFor } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid() });
const query = z.object({ aggregation: z.enum(["majority", "dawid-skene"]).default("majority") });

export const GET = route({ auth: "studies.read", params, query }, async ({ user, params, query }) => {
  const study = await getStudyFor(user, params.id);
  return Response.json(await studyResults(study, undefined, query.aggregation), { headers: { "cache-control": "no-store" } });
});
