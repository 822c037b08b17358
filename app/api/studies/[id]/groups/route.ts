import { z } from "zod";
import { route } from "@/lib/http/route";
import { readGroupFill } from "@/lib/studies/group-fill";
import { getStudyFor } from "@/lib/studies/service";

const params = z.object({ id: z.uuid() });

// Fill per group, units still short per group, and the participants who cannot be served
// (empty lists for a study without groups).
export const GET = route({ auth: "studies.read", params }, async ({ user, params }) => {
  const study = await getStudyFor(user, params.id);
  const fill = (await readGroupFill(study)) ?? { groups: [], unserved: [], screenedOut: 0, probedOnly: null };
  return Response.json(fill, { headers: { "cache-control": "no-store" } });
});
