import { z } from "zod";
import { getDatasetFor } from "@/lib/datasets/access";
import { exportDataset, parseWhere } from "@/lib/datasets/export";
import { downloadResponse } from "@/lib/http/stream";
import { route } from "@/lib/http/route";

const params = z.object({ id: z.string().uuid() });
const query = z.object({ format: z.enum(["source", "jsonl", "csv"]).default("source") });

// Streams from a database cursor; `where=tag=value` may repeat (read from the raw query string).
export const GET = route({ auth: "datasets.export", params, query }, async ({ req, user, params, query }) => {
  const dataset = await getDatasetFor(user, params.id, "export");
  const file = await exportDataset({
    datasetId: dataset.id,
    format: query.format,
    filter: parseWhere(req.nextUrl.searchParams.getAll("where")),
  });
  return downloadResponse(file.chunks, file.filename, file.contentType);
});
