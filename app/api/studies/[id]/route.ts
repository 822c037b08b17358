import { z } from "zod";
import { route } from "@/lib/http/route";
import { studyUpdateSchema } from "@/lib/studies/spec";
import { getStudyFor, updateStudy } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid() });

export const GET = route({ auth: "studies.read", params }, async ({ user, params }) => ({
  study: await getStudyFor(user, params.id),
}));

export const PATCH = route({ auth: "studies.manage", params, body: studyUpdateSchema }, async ({ user, params, body }) => ({
  study: await updateStudy({ actor: user, studyId: params.id, input: body }),
}));
