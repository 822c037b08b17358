import { parquetMetadata, parquetReadObjects, parquetSchema } from "hyparquet";
import { describe, expect, it } from "vitest";
import { Worker } from "node:worker_threads";
import { Encoder, parquetChunks } from "@/lib/studies/exports/parquet";
import { columns, type Cell } from "@/lib/studies/exports/table";
import { arrayBuffer, collect } from "@/tests/support/chunks";

// The study exports' Parquet writer (parquet-wasm on a worker thread, fed Arrow row groups): what
// it writes is read back with hyparquet, a reader that shares no code with it.

const COLS = columns("id:STRING", "text:STRING?", "n:INT32?", "x:DOUBLE?", "ok:BOOLEAN?", "at:TIMESTAMP?", "stage:INT32");
const TEXTS = ["plain", "", "é and ü", "中文的回答", "emoji 🙂 pair", 'tab\there "quoted", new\nline', "\\N", null];

function row(i: number): Cell[] {
  return [
    `r${i}`,
    TEXTS[i % TEXTS.length]!,
    i % 3 === 0 ? null : i * 7 - 20,
    i % 4 === 0 ? null : i / 3,
    i % 5 === 0 ? null : i % 2 === 0,
    // a fraction of a millisecond (a column with microseconds) is cut, as the CSV's ISO text cuts it
    i % 6 === 0 ? null : 1_732_800_000_123 + i * 1000 + (i % 2 ? 0.75 : 0),
    (i % 2) + 1,
  ];
}

async function* batches(rows: number, size: number, fail?: Error): AsyncGenerator<Cell[][]> {
  for (let start = 0; start < rows; start += size) {
    yield Array.from({ length: Math.min(size, rows - start) }, (_, k) => row(start + k));
    if (fail) throw fail;
  }
}

const write = async (chunks: AsyncIterable<Uint8Array>) => arrayBuffer(await collect(chunks));

const expected = (i: number) => {
  const [id, text, n, x, ok, at, stage] = row(i);
  return { id, text, n, x, ok, at: at === null ? null : new Date(Math.floor(at as number)), stage };
};

describe("study export Parquet", () => {
  it("reads back value for value: every type, nulls, empty and non-ASCII text, across row groups of the size asked", async () => {
    const file = await write(parquetChunks(COLS, batches(23, 4), 5));
    const meta = parquetMetadata(file);
    expect(Number(meta.num_rows)).toBe(23);
    expect(meta.row_groups.map((g) => Number(g.num_rows))).toEqual([5, 5, 5, 5, 3]);
    expect(parquetSchema(meta).children.map((c) => [c.element.name, c.element.repetition_type])).toEqual([
      ["id", "REQUIRED"],
      ["text", "OPTIONAL"],
      ["n", "OPTIONAL"],
      ["x", "OPTIONAL"],
      ["ok", "OPTIONAL"],
      ["at", "OPTIONAL"],
      ["stage", "REQUIRED"],
    ]);
    expect(await parquetReadObjects({ file })).toEqual(Array.from({ length: 23 }, (_, i) => expected(i)));
  });

  it("writes several exports at once, each on its own encoder, each file its own rows", async () => {
    const sizes = [7, 31, 18];
    const files = await Promise.all(sizes.map((n) => write(parquetChunks(COLS, batches(n, 4), 5))));
    for (const [k, file] of files.entries()) expect(await parquetReadObjects({ file })).toEqual(Array.from({ length: sizes[k]! }, (_, i) => expected(i)));
  });

  it("starts the download at once: the magic bytes come before any row is read, and the file is whole after them", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    async function* slow(): AsyncGenerator<Cell[][]> {
      asked++;
      await held;
      yield* batches(12, 5);
    }
    const chunks = parquetChunks(COLS, slow(), 5);
    const first = await chunks.next();
    expect(Buffer.from(first.value as Uint8Array).toString("latin1")).toBe("PAR1");
    release();
    const file = await write((async function* () {
      yield first.value as Uint8Array;
      yield* chunks;
    })());
    expect(asked).toBe(1);
    expect(await parquetReadObjects({ file })).toEqual(Array.from({ length: 12 }, (_, i) => expected(i)));
  });

  it("keeps no min/max statistics on text columns, and keeps them on numbers", async () => {
    const meta = parquetMetadata(await write(parquetChunks(COLS, batches(12, 12), 50)));
    const stats = Object.fromEntries(meta.row_groups[0]!.columns.map((c) => [c.meta_data!.path_in_schema[0], c.meta_data!.statistics]));
    expect(stats.id?.min_value ?? stats.id?.max_value).toBeUndefined();
    expect(stats.text?.min_value ?? stats.text?.max_value).toBeUndefined();
    expect(stats.stage).toMatchObject({ min_value: 1, max_value: 2 });
  });

  it("writes no empty row group when the rows end on a group's boundary, and one of none for no rows", async () => {
    const full = parquetMetadata(await write(parquetChunks(COLS, batches(10, 3), 5)));
    expect(full.row_groups.map((g) => Number(g.num_rows))).toEqual([5, 5]);
    const empty = await write(parquetChunks(COLS, batches(0, 3)));
    expect(parquetSchema(parquetMetadata(empty)).children.map((c) => c.element.name)).toEqual(COLS.map((c) => c.name));
    expect(await parquetReadObjects({ file: empty })).toEqual([]);
  });

  it("rejects in the consumer when the rows fail, and stops reading them when the consumer stops", async () => {
    await expect(write(parquetChunks(COLS, batches(10, 3, new Error("the query failed")), 5))).rejects.toThrow("the query failed");

    let asked = 0;
    let closed = false;
    const endless: AsyncIterable<Cell[][]> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => ({ done: false, value: [row(asked++)] }),
        return: async () => {
          closed = true;
          return { done: true, value: undefined };
        },
      }),
    };
    for await (const chunk of parquetChunks(COLS, endless, 5)) {
      expect(chunk.byteLength).toBeGreaterThan(0);
      break;
    }
    expect(closed).toBe(true);
    expect(asked).toBeGreaterThan(0);
  });

  it("fails the export, instead of waiting for ever, when the encoder's thread ends without finishing", async () => {
    const encoder = new Encoder(new Worker("process.exit(3)", { eval: true }));
    await expect(encoder.next()).rejects.toThrow("the Parquet encoder stopped (exit code 3)");
  });
});
