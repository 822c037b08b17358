import { z } from "zod";
import { pool } from "@/lib/db/pool";
import { route } from "@/lib/http/route";
import { groupFill } from "@/lib/studies/group-fill";
import { getStudyFor } from "@/lib/studies/service";

const params = z.object({ id: z.uuid() });

// Fill per group, units still short per group, and the participants who cannot be served
// (empty lists for a study without groups).
export const GET = route({ auth: "studies.read", params }, async ({ user, params }) => {
  const study = await getStudyFor(user, params.id);
  const fill = (await groupFill(pool(), study)) ?? { groups: [], unserved: [], screenedOut: 0, probedOnly: null };
  return Response.json(fill, { headers: { "cache-control": "no-store" } });
});
