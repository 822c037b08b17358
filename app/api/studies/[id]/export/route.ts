import { z } from "zod";
import { pool } from "@/lib/db/pool";
import { designOf } from "@/lib/designs";
import { downloadResponse } from "@/lib/http/stream";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { studyRelease } from "@/lib/release/release";
import { bonusCsv } from "@/lib/studies/bonus";
import { decidesUnits, decisionsCsv, decisionsParquet } from "@/lib/studies/export";
import { EXPORT_FORMATS, offersExport } from "@/lib/studies/exports/offered";
import { EXPORT_STREAMS } from "@/lib/studies/exports/streams";
import { studyManifest } from "@/lib/studies/manifest";
import { studyResults } from "@/lib/studies/results";
import { validatedExport } from "@/lib/studies/validated-export";
import { getStudyFor } from "@/lib/studies/service";

const params = z.object({ id: z.string().uuid() });
const query = z.object({ format: z.enum(EXPORT_FORMATS) });

const TYPES = {
  csv: "text/csv; charset=utf-8",
  jsonl: "application/x-ndjson; charset=utf-8",
  parquet: "application/vnd.apache.parquet",
} as const;

export const GET = route({ auth: "studies.read", params, query }, async ({ user, params, query }) => {
  const study = await getStudyFor(user, params.id);
  // the study page lists the same exports: what it does not offer is not found here either
  if (!offersExport(study, query.format)) throw new AppError("not_found", "This study has no such export (its design or settings do not produce it).");
  const base = `${study.name}-${study.publicCode}`;
  switch (query.format) {
    case "validated": {
      const file = await validatedExport(study);
      return downloadResponse(file.chunks, file.filename, file.contentType);
    }
    case "responses-csv":
    case "responses-jsonl":
    case "responses-parquet":
    case "scored-csv":
    case "scored-parquet": {
      const [table, kind] = query.format.split("-") as [string, keyof typeof TYPES];
      return downloadResponse(EXPORT_STREAMS[query.format](study), `${base}-${table}.${kind}`, TYPES[kind]);
    }
    case "decisions-csv":
    case "decisions-parquet": {
      const results = await studyResults(study);
      if (!decidesUnits(results)) throw new AppError("not_found", "This study's design does not decide on units.");
      return query.format === "decisions-csv"
        ? downloadResponse(decisionsCsv(study, results), `${base}-decisions.csv`, TYPES.csv)
        : downloadResponse(decisionsParquet(study, results), `${base}-decisions.parquet`, TYPES.parquet);
    }
    case "release": {
      const release = await studyRelease(study);
      return downloadResponse(release.chunks, release.filename, "application/zip");
    }
    case "bonus-csv":
      return downloadResponse(bonusCsv(study), `${base}-prolific-bonus.csv`, TYPES.csv);
    case "ratings-csv":
    case "correlations-csv":
    case "scatter-svg": {
      const download = designOf(study.design).downloads?.[query.format];
      if (!download) throw new AppError("not_found", "This study's design has no such export.");
      const file = await download.file({ client: pool(), study });
      return downloadResponse(file.chunks, `${base}${file.suffix}`, file.contentType);
    }
    case "manifest":
      return new Response(JSON.stringify(await studyManifest(study), null, 2) + "\n", {
        headers: { "content-type": "application/json", "content-disposition": `attachment; filename="${base.replace(/[^\w.-]+/g, "_")}-manifest.json"` },
      });
  }
});
