import { z } from "zod";
import { route } from "@/lib/http/route";
import { studyResults } from "@/lib/studies/results";
import { getStudyFor } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid() });

export const GET = route({ auth: "studies.read", params }, async ({ user, params }) => {
  const study = await getStudyFor(user, params.id);
  return Response.json(await studyResults(study), { headers: { "cache-control": "no-store" } });
});
