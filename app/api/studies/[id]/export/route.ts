import { z } from "zod";
import { downloadResponse } from "@/lib/http/stream";
import { route } from "@/lib/http/route";
import { responsesCsv, responsesJsonl } from "@/lib/studies/export";
import { studyManifest } from "@/lib/studies/manifest";
import { getStudyFor } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid() });
const query = z.object({ format: z.enum(["responses-csv", "responses-jsonl", "manifest"]) });

export const GET = route({ auth: "studies.read", params, query }, async ({ user, params, query }) => {
  const study = await getStudyFor(user, params.id);
  const base = `${study.name}-${study.publicCode}`;
  switch (query.format) {
    case "responses-csv":
      return downloadResponse(responsesCsv(study.id), `${base}-responses.csv`, "text/csv; charset=utf-8");
    case "responses-jsonl":
      return downloadResponse(responsesJsonl(study.id), `${base}-responses.jsonl`, "application/x-ndjson; charset=utf-8");
    case "manifest":
      return new Response(JSON.stringify(await studyManifest(study), null, 2) + "\n", {
        headers: { "content-type": "application/json", "content-disposition": `attachment; filename="${base.replace(/[^\w.-]+/g, "_")}-manifest.json"` },
      });
  }
});
