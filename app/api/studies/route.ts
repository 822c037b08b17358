import { route } from "@/lib/http/route";
import { studySpecSchema } from "@/lib/studies/spec";
import { createStudy, listStudies } from "@/lib/studies/service";

export const GET = route({ auth: "studies.read" }, async ({ user }) => ({ studies: await listStudies(user) }));

// The body is a study spec, the same one `sally study create --spec` reads.
export const POST = route({ auth: "studies.manage", body: studySpecSchema }, async ({ user, body }) => {
  const study = await createStudy({ actor: user, spec: body });
  return Response.json({ study }, { status: 201 });
});
