import path from "node:path";
import { Worker } from "node:worker_threads";
import { tableToIPC, Table } from "apache-arrow";
import { arrowSchema, RowGroupBuilder } from "@/lib/studies/exports/arrow-columns";
import type { Batches, Column } from "@/lib/studies/exports/table";

// A study export as Parquet, streamed: rows are gathered into row groups of ROW_GROUP rows as
// Arrow arrays (lib/studies/exports/arrow-columns.ts); each full group goes, as an Arrow IPC stream,
// to a worker thread (parquet-worker.mjs) where parquet-wasm (Apache's arrow-rs Parquet writer, in
// WebAssembly) encodes it while this thread reads the next rows, and the file's bytes come back
// group by group. Memory holds a few row groups, never the file: at most IN_FLIGHT groups wait for
// the encoder, and reading pauses while the download is behind. Strings are UTF-8, timestamps INT64
// milliseconds (UTC), and values are kept raw: no formula prefix (that rule is for spreadsheets,
// which open CSV). Pages are Snappy-compressed. Text columns carry no min/max statistics: ids,
// answers and payloads in submission order give row groups no range to skip by.
// Why this writer: docs/benchmarks.md, "Parquet through arrow-rs, on a second thread".
export const ROW_GROUP = 50_000;
const IN_FLIGHT = 2;
const MAGIC = new TextEncoder().encode("PAR1");
const BYTES_BEHIND = 8;

// The worker's file in the repository: tsx and the tests run it as it is, and Next's bundler follows
// this path and builds it as a worker entry of its own. parquet-wasm stays outside the bundle
// (next.config.ts) so that its .wasm file is read from node_modules.
const WORKER = path.join(process.cwd(), "lib/studies/exports/parquet-worker.mjs");

/** The encoder's side of the conversation: bytes out, groups taken up, the end or a failure. */
export class Encoder {
  private readonly chunks: Uint8Array[] = [];
  // the reader of the bytes and the sender of row groups may both be waiting
  private waiting: (() => void)[] = [];
  private failure: Error | null = null;
  done = false;
  sent = 0;
  taken = 0;

  constructor(readonly worker: Worker) {
    worker.on("message", (m: { bytes?: Uint8Array; taken?: true; done?: true; error?: string }) => {
      if (m.bytes) this.chunks.push(m.bytes);
      else if (m.taken) this.taken++;
      else if (m.done) this.done = true;
      else this.fail(new Error(`the Parquet encoder failed: ${m.error}`));
      this.poke();
    });
    worker.on("error", (err) => this.fail(err));
    // an encoder that ends without saying it is done (killed, out of memory) fails the export, never hangs it
    worker.on("exit", (code) => this.done || this.fail(new Error(`the Parquet encoder stopped (exit code ${code})`)));
  }

  fail(err: Error): void {
    this.failure ??= err;
    this.poke();
  }

  private poke(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }

  private async until(ready: () => boolean): Promise<void> {
    while (!ready()) {
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    if (this.failure) throw this.failure;
  }

  /** Sends a row group once the encoder and the download have room for it. */
  async send(ipc: Uint8Array): Promise<void> {
    await this.until(() => this.sent - this.taken < IN_FLIGHT && this.chunks.length < BYTES_BEHIND);
    this.sent++;
    const own = ipc.byteOffset === 0 && ipc.byteLength === ipc.buffer.byteLength ? ipc : ipc.slice();
    this.worker.postMessage({ rows: own.buffer }, [own.buffer as ArrayBuffer]);
  }

  end(): void {
    this.worker.postMessage({ end: true });
  }

  /** The next bytes of the file, or null at its end. */
  async next(): Promise<Uint8Array | null> {
    await this.until(() => this.chunks.length > 0 || this.done);
    return this.chunks.shift() ?? null;
  }
}

export async function* parquetChunks(cols: readonly Column[], batches: Batches, rowGroup = ROW_GROUP): AsyncGenerator<Uint8Array> {
  const schema = arrowSchema(cols);
  const textColumns = cols.filter((c) => c.type === "STRING").map((c) => c.name);
  // execArgv: none of the parent's loaders (tsx): the worker is plain JavaScript, and loading them took
  // about 150 ms of each export
  const workerData = { rowGroup, textColumns, createdBy: "Sally (parquet-wasm)" };
  const encoder = new Encoder(new Worker(WORKER, { execArgv: [], workerData }));
  const rows = batches[Symbol.asyncIterator]();

  // a table with no rows is one group of none, so the file still has its schema
  const feed = async () => {
    let group = new RowGroupBuilder(schema, cols, rowGroup);
    let sent = false;
    const send = async () => {
      await encoder.send(tableToIPC(new Table(group.batch()), "stream"));
      group = new RowGroupBuilder(schema, cols, rowGroup);
      sent = true;
    };
    for (;;) {
      const next = await rows.next();
      if (next.done) break;
      for (const row of next.value) {
        group.append(row);
        if (group.full) await send();
      }
    }
    if (group.rows || !sent) await send();
    encoder.end();
  };
  const feeding = feed().catch((err: unknown) => encoder.fail(err instanceof Error ? err : new Error(String(err))));
  try {
    // the file's leading magic bytes at once, so the download starts before the first row group is
    // encoded (at a million rows that takes seconds); the encoder's own copy of them is left out
    yield MAGIC.slice();
    let skip = MAGIC.length;
    for (let chunk = await encoder.next(); chunk; chunk = await encoder.next()) {
      if (skip) {
        const head = chunk.subarray(0, skip);
        if (!head.every((b, i) => b === MAGIC[MAGIC.length - skip + i])) throw new Error("the Parquet encoder's file does not start with PAR1");
        skip -= head.length;
        chunk = chunk.subarray(head.length);
        if (!chunk.length) continue;
      }
      yield chunk;
    }
    await feeding;
  } finally {
    // done, failed, or a download stopped early: the encoder, the feeding and the rows' query end here
    encoder.fail(new Error("the export stopped"));
    await encoder.worker.terminate();
    await rows.return?.();
  }
}
