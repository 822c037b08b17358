import { z } from "zod";
import { BENCHMARKS } from "@/lib/benchmarks/types";
import { importDataset, ImportRejected } from "@/lib/datasets/import";
import { receiveUpload } from "@/lib/datasets/upload";
import { env } from "@/lib/env";
import { route } from "@/lib/http/route";
import { log } from "@/lib/log";

const query = z.object({
  benchmark: z.enum([...BENCHMARKS, "auto"]).default("auto"),
  fileName: z.string().trim().min(1).max(300),
  name: z.string().trim().max(200).optional(),
  versionLabel: z.string().trim().max(100).optional(),
  asNewVersion: z.enum(["0", "1"]).default("0"),
});

// The body is the raw file. The answer is NDJSON, streamed while the import runs: progress lines,
// then one "done" line with the summary or one "error" line with a problem and its issues.
export const POST = route({ auth: "datasets.import", query }, async ({ req, user, query, requestId }) => {
  const declared = req.headers.get("content-length");
  const upload = await receiveUpload(req.body, declared ? Number(declared) : null, env().UPLOAD_MAX_BYTES);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (value: unknown) => controller.enqueue(encoder.encode(JSON.stringify(value) + "\n"));
      send({ type: "progress", phase: "import", bytes: 0, total: upload.bytes, records: 0 });
      try {
        const summary = await importDataset({
          file: upload.file,
          fileName: query.fileName,
          benchmark: query.benchmark,
          name: query.name,
          versionLabel: query.versionLabel,
          asNewVersion: query.asNewVersion === "1",
          ownerId: user.id,
          via: { kind: "web", seesAll: user.role === "admin" },
          onProgress: (p) => send({ type: "progress", phase: "import", ...p }),
        });
        send({ type: "done", summary });
      } catch (err) {
        if (err instanceof ImportRejected) {
          send({
            type: "error",
            problem: { type: `/problems/${err.code}`, title: "Import refused", status: err.status, detail: err.message, code: err.code, issues: err.issues, total: err.total },
          });
        } else {
          log.error("import failed", { requestId, err });
          send({
            type: "error",
            problem: { type: "/problems/internal", title: "Internal error", status: 500, detail: `The import failed on our side; nothing was saved. Quote request id ${requestId}.`, code: "internal", issues: [], total: 0 },
          });
        }
      } finally {
        await upload.cleanup();
        controller.close();
      }
    },
  });
  return new Response(stream, { headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" } });
});
