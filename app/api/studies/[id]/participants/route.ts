import { z } from "zod";
import { afterResponse } from "@/lib/http/after";
import { route } from "@/lib/http/route";
import { getStudyFor } from "@/lib/studies/service";
import { participantsPage, participantsQuery } from "@/lib/studies/tables";

const params = z.object({ id: z.string().uuid() });

// The participants table a page at a time: units done, median time and the design's own figures.
export const GET = route({ auth: "studies.read", params, query: participantsQuery }, async ({ user, params, query }) => {
  const study = await getStudyFor(user, params.id);
  return Response.json(await participantsPage(study, query, afterResponse), { headers: { "cache-control": "no-store" } });
});
