import { ByteWriter, ParquetWriter } from "hyparquet-writer";
import { parquetSchema, type SchemaElement, type SchemaTree } from "hyparquet";
import type { Layout } from "@/lib/benchmarks/read/layout";
import { PARQUET_COMPRESSORS } from "@/lib/runtime/snappy";

type Rows = AsyncIterable<string> | Iterable<string>;
const ROW_GROUP = 1000;

/**
 * Writes Parquet back with the schema the file had, one row group per 1000 rows, yielding each
 * row group's bytes as soon as it is encoded. The raws are the JSON rows read at import; values
 * JSON cannot hold (INT64 as BigInt, timestamps, binary) are turned back using the schema.
 * The encoding (codec, pages, statistics) is hyparquet-writer's, so the bytes differ from the
 * original file; the rows and the schema are the same. Everything Parquet is the libraries' (schema
 * tree: hyparquet; encoding and row groups: hyparquet-writer); the code here only turns our stored
 * JSON rows back into the values the writer expects. docs/benchmarks.md ("Parquet export") says why.
 */
export async function* writeParquet(layout: Extract<Layout, { container: "parquet" }>, raws: Rows): AsyncGenerator<Uint8Array> {
  const schema = layout.schema as unknown as SchemaElement[];
  const columns = parquetSchema({ schema }).children;
  const writer = new ByteWriter();
  const parquet = new ParquetWriter({ writer, schema, compressors: PARQUET_COMPRESSORS, ...(layout.createdBy ? { createdBy: layout.createdBy } : {}) });
  // hand each row group's bytes on and start the buffer over, as hyparquet-writer's own file writer does
  const take = (): Uint8Array => {
    const bytes = writer.getBytes().slice();
    writer.index = 0;
    return bytes;
  };
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    const columnData = columns.map((node) => ({ name: node.element.name, data: batch.map((row) => restore(row[node.element.name], node)) }));
    await parquet.write({ columnData, rowGroupSize: batch.length });
    batch = [];
  };
  for await (const raw of raws) {
    batch.push(JSON.parse(raw) as Record<string, unknown>);
    if (batch.length >= ROW_GROUP) {
      await flush();
      yield take();
    }
  }
  if (batch.length) await flush();
  await parquet.finish();
  yield take();
}

/** Undoes jsonSafe for one value, guided by its schema node. */
function restore(value: unknown, node: SchemaTree): unknown {
  if (value === null || value === undefined) return null;
  const { element, children } = node;
  if (children.length) {
    if (element.converted_type === "LIST" || isLogical(element, "LIST")) {
      const item = children[0]?.children[0];
      return Array.isArray(value) && item ? value.map((v) => restore(v, item)) : value;
    }
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const out: Record<string, unknown> = {};
      for (const child of children) out[child.element.name] = restore((value as Record<string, unknown>)[child.element.name], child);
      return out;
    }
    return value;
  }
  const timestamp = typeof element.converted_type === "string" && element.converted_type.startsWith("TIMESTAMP");
  if ((timestamp || element.converted_type === "DATE" || isLogical(element, "TIMESTAMP")) && typeof value === "string") return new Date(value);
  if (element.type === "INT64" && (typeof value === "number" || typeof value === "string")) return BigInt(value);
  if (element.type === "BYTE_ARRAY" && Array.isArray(value)) return Uint8Array.from(value as number[]);
  return value;
}

function isLogical(element: SchemaElement, type: string): boolean {
  return element.logical_type?.type === type;
}
