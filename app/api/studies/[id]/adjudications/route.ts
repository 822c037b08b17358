import { z } from "zod";
import { route } from "@/lib/http/route";
import { adjudicate, adjudicationHistory, adjudicationSchema } from "@/lib/studies/adjudicate";
import { getStudyFor } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid() });

export const GET = route({ auth: "studies.read", params }, async ({ user, params }) => {
  await getStudyFor(user, params.id);
  return { history: await adjudicationHistory(params.id) };
});

export const POST = route({ auth: "studies.manage", params, body: adjudicationSchema }, async ({ user, params, body }) => {
  const adjudication = await adjudicate({ actor: user, studyId: params.id, input: body });
  return Response.json({ adjudication }, { status: 201 });
});
