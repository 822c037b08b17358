import { route } from "@/lib/http/route";
import { createStudySchema } from "@/lib/studies/schemas";
import { createStudy, listStudies } from "@/lib/studies/service";

export const GET = route({ auth: "studies.read" }, async ({ user }) => ({ studies: await listStudies(user) }));

export const POST = route({ auth: "studies.manage", body: createStudySchema }, async ({ user, body }) => {
  const study = await createStudy({ actor: user, input: body });
  return Response.json({ study }, { status: 201 });
});
