import type { Layout } from "@/lib/benchmarks/read/layout";
import { writeParquet } from "@/lib/benchmarks/write/parquet";
import { writeCsv, writeJsonArray, writeJsonl } from "@/lib/benchmarks/write/text";

export type OutputChunk = string | Uint8Array;

/**
 * Streams a file in the source's own container: the layout kept at import plus the stored raw
 * text of each selected record, in order. With every record this gives back the imported file
 * (byte for byte for JSON and JSON Lines, and for CSV written with minimal quoting; Parquet keeps
 * the schema and rows). With a subset, the same format holding only those records.
 * Strings are UTF-8 text; Parquet yields bytes.
 */
export function writeRecords(layout: Layout, raws: AsyncIterable<string> | Iterable<string>): AsyncGenerator<OutputChunk> {
  switch (layout.container) {
    case "json_array":
      return writeJsonArray(layout, raws);
    case "jsonl":
      return writeJsonl(layout, raws);
    case "csv":
      return writeCsv(layout, raws);
    case "parquet":
      return writeParquet(layout, raws);
  }
}

/** File extension and MIME type for a download of this layout. */
export function fileTypeOf(layout: Layout): { extension: string; contentType: string } {
  switch (layout.container) {
    case "json_array":
      return { extension: "json", contentType: "application/json" };
    case "jsonl":
      return { extension: "jsonl", contentType: "application/x-ndjson" };
    case "csv":
      return { extension: "csv", contentType: "text/csv" };
    case "parquet":
      return { extension: "parquet", contentType: "application/vnd.apache.parquet" };
  }
}

/** Joins the chunks of writeRecords into one buffer (tests and small exports). */
export async function writeToBuffer(layout: Layout, raws: AsyncIterable<string> | Iterable<string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of writeRecords(layout, raws)) parts.push(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk));
  return Buffer.concat(parts);
}
