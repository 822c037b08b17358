import type { Study } from "@/lib/designs";
import { responsesCsv, responsesJsonl, responsesParquet, scoredCsv, scoredParquet } from "@/lib/studies/export";

// The study exports that stream straight from a cursor, by format: the route and
// `npm run bench:export` call the same functions.
export const EXPORT_STREAMS = {
  "responses-csv": responsesCsv,
  "responses-jsonl": responsesJsonl,
  "responses-parquet": responsesParquet,
  "scored-csv": scoredCsv,
  "scored-parquet": scoredParquet,
} satisfies Record<string, (study: Study) => AsyncGenerator<string | Uint8Array>>;

export type StreamFormat = keyof typeof EXPORT_STREAMS;
