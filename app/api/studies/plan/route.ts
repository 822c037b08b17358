import { route } from "@/lib/http/route";
import { studySpecSchema } from "@/lib/studies/spec";
import { planStudy } from "@/lib/studies/service";

// What a study would be before it is created: units, answers and participants needed, short strata.
export const POST = route({ auth: "studies.manage", body: studySpecSchema }, async ({ user, body }) => ({ plan: await planStudy({ actor: user, spec: body }) }));
