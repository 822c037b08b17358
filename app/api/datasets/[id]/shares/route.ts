import { z } from "zod";
import { route } from "@/lib/http/route";
import { getDatasetFor } from "@/lib/datasets/access";
import { setSharedWithAll, shareDataset, sharingOf } from "@/lib/datasets/service";
import { emailSchema } from "@/lib/users/schemas";

// Whom a dataset is shared with. Only its owner and admins: a researcher it was shared with gets
// 403, anyone else 404 (the dataset's existence is not revealed).
const params = z.object({ id: z.string().uuid() });

export const GET = route({ auth: "datasets.manage", params }, async ({ user, params }) => sharingOf(await getDatasetFor(user, params.id, "manage")));

/** Share with one researcher by email: 201 when new, 200 when it was already shared with them. */
export const POST = route({ auth: "datasets.manage", params, body: z.object({ email: emailSchema }) }, async ({ user, params, body }) => {
  const { created, share } = await shareDataset({ actor: user, datasetId: params.id, email: body.email });
  return Response.json({ share }, { status: created ? 201 : 200 });
});

/** Share with every researcher, or stop. */
export const PATCH = route({ auth: "datasets.manage", params, body: z.object({ sharedWithAll: z.boolean() }) }, async ({ user, params, body }) =>
  setSharedWithAll({ actor: user, datasetId: params.id, sharedWithAll: body.sharedWithAll }),
);
