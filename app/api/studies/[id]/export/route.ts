import { z } from "zod";
import { exportDataset } from "@/lib/datasets/export";
import { pool } from "@/lib/db/pool";
import { designOf } from "@/lib/designs";
import { downloadResponse } from "@/lib/http/stream";
import { AppError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { bonusCsv } from "@/lib/studies/bonus";
import { responsesCsv, responsesJsonl, scoredCsv } from "@/lib/studies/export";
import { studyManifest, validatedSelection } from "@/lib/studies/manifest";
import { getStudyFor } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid() });
// the last formats are a design's own files (Design.downloads): rating's ratings, correlations and scatter plots
const query = z.object({ format: z.enum(["validated", "responses-csv", "responses-jsonl", "scored-csv", "bonus-csv", "manifest", "ratings-csv", "correlations-csv", "scatter-svg"]) });

export const GET = route({ auth: "studies.read", params, query }, async ({ user, params, query }) => {
  const study = await getStudyFor(user, params.id);
  const base = `${study.name}-${study.publicCode}`;
  switch (query.format) {
    case "validated": {
      // the dataset in its own format, minus every record the study's rule dropped
      const selection = await validatedSelection(study);
      if (!selection) throw new AppError("not_found", "This study's design does not decide which items to keep.");
      const file = await exportDataset({ datasetId: study.datasetId, format: "source", recordIndexes: selection.kept, suffix: `-validated-${study.publicCode}` });
      return downloadResponse(file.chunks, file.filename, file.contentType);
    }
    case "responses-csv":
      return downloadResponse(responsesCsv(study), `${base}-responses.csv`, "text/csv; charset=utf-8");
    case "scored-csv":
      return downloadResponse(scoredCsv(study), `${base}-scored.csv`, "text/csv; charset=utf-8");
    case "bonus-csv":
      return downloadResponse(bonusCsv(study), `${base}-prolific-bonus.csv`, "text/csv; charset=utf-8");
    case "responses-jsonl":
      return downloadResponse(responsesJsonl(study), `${base}-responses.jsonl`, "application/x-ndjson; charset=utf-8");
    case "ratings-csv":
    case "correlations-csv":
    case "scatter-svg": {
      const download = designOf(study.design).downloads?.[query.format];
      if (!download) throw new AppError("not_found", "This study's design has no such export.");
      const file = await download({ client: pool(), study });
      return downloadResponse(file.chunks, `${base}${file.suffix}`, file.contentType);
    }
    case "manifest":
      return new Response(JSON.stringify(await studyManifest(study), null, 2) + "\n", {
        headers: { "content-type": "application/json", "content-disposition": `attachment; filename="${base.replace(/[^\w.-]+/g, "_")}-manifest.json"` },
      });
  }
});
