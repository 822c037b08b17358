import { z } from "zod";
import { afterResponse } from "@/lib/http/after";
import { route } from "@/lib/http/route";
import { studySummary } from "@/lib/studies/results";
import { getStudyFor } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid() });
const query = z.object({ aggregation: z.enum(["majority", "dawid-skene"]).default("majority") });

// The summary only: the per-unit and per-participant tables are paged (GET .../units, .../participants).
export const GET = route({ auth: "studies.read", params, query }, async ({ user, params, query }) => {
  const study = await getStudyFor(user, params.id);
  return Response.json(await studySummary(study, query.aggregation, afterResponse), { headers: { "cache-control": "no-store" } });
});
