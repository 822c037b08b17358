import { z } from "zod";
import { route } from "@/lib/http/route";
import { updateStudySchema } from "@/lib/studies/schemas";
import { getStudyFor, updateStudy } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid() });

export const GET = route({ auth: "studies.read", params }, async ({ user, params }) => ({
  study: await getStudyFor(user, params.id),
}));

export const PATCH = route({ auth: "studies.manage", params, body: updateStudySchema }, async ({ user, params, body }) => ({
  study: await updateStudy({ actor: user, studyId: params.id, input: body }),
}));
