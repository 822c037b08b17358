import { z } from "zod";
import { route } from "@/lib/http/route";
import { getStudyFor } from "@/lib/studies/service";
import { BUCKETS, studyTimeline } from "@/lib/studies/timeline";

const params = z.object({ id: z.uuid() });
const query = z.object({ bucket: z.enum([...BUCKETS, "auto"]).default("auto") });

// Progress (answers, units complete) and cumulative agreement per check over time, in UTC buckets.
export const GET = route({ auth: "studies.read", params, query }, async ({ user, params, query }) => {
  const study = await getStudyFor(user, params.id);
  return Response.json(await studyTimeline(study, { bucket: query.bucket }), { headers: { "cache-control": "no-store" } });
});
