import { z } from "zod";
import { route } from "@/lib/http/route";
import { stateChangeSchema } from "@/lib/studies/spec";
import { changeStudyState } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid() });

export const POST = route({ auth: "studies.manage", params, body: stateChangeSchema }, async ({ user, params, body }) => ({
  study: await changeStudyState({ actor: user, studyId: params.id, to: body.state }),
}));
