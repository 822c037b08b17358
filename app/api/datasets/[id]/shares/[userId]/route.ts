import { z } from "zod";
import { route } from "@/lib/http/route";
import { revokeShare } from "@/lib/datasets/service";

const params = z.object({ id: z.string().uuid(), userId: z.string().uuid() });

/** Takes a researcher's access away (204 also when there was none to take). */
export const DELETE = route({ auth: "datasets.manage", params }, async ({ user, params }) => {
  await revokeShare({ actor: user, datasetId: params.id, userId: params.userId });
  return new Response(null, { status: 204 });
});
