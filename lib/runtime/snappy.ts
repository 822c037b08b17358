import type { ParquetWriter } from "hyparquet-writer";
import { compressSync } from "snappy";

// Parquet pages are Snappy-compressed by the kept `snappy` package (Rust, through napi-rs) instead
// of hyparquet-writer's JavaScript Snappy: about six times as fast on our pages, which was a quarter
// of a Parquet export's time at a million rows (docs/benchmarks.md, "Native Snappy"). The codec and
// the format are the same (any Snappy reader reads the pages); the compressed bytes differ.

export const PARQUET_COMPRESSORS: NonNullable<ConstructorParameters<typeof ParquetWriter>[0]["compressors"]> = {
  SNAPPY: (input: Uint8Array) => compressSync(input),
};
