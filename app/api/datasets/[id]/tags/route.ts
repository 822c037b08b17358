import { z } from "zod";
import { getDatasetFor } from "@/lib/datasets/access";
import { tagQuestions } from "@/lib/datasets/tags";
import { route } from "@/lib/http/route";

const params = z.object({ id: z.string().uuid() });
const body = z.object({ csv: z.string().min(1).max(5 * 1024 * 1024) });

// Tags from a CSV questionId,tag,value (the console reads the file and sends its text).
export const POST = route({ auth: "datasets.manage", params, body, maxBodyBytes: 6 * 1024 * 1024 }, async ({ user, params, body }) => {
  await getDatasetFor(user, params.id, "manage");
  return tagQuestions({ datasetId: params.id, csv: body.csv, actorId: user.id });
});
