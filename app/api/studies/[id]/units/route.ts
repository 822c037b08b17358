import { z } from "zod";
import { afterResponse } from "@/lib/http/after";
import { route } from "@/lib/http/route";
import { getStudyFor } from "@/lib/studies/service";
import { unitsPage, unitsQuery } from "@/lib/studies/tables";

const params = z.object({ id: z.string().uuid() });

// The units table a page at a time: each unit's votes and decision, filtered by status, sorted.
export const GET = route({ auth: "studies.read", params, query: unitsQuery }, async ({ user, params, query }) => {
  const study = await getStudyFor(user, params.id);
  return Response.json(await unitsPage(study, query, undefined, afterResponse), { headers: { "cache-control": "no-store" } });
});
