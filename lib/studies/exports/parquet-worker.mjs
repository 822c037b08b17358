// The Parquet encoder of a study export, in a worker thread of its own, so that encoding (arrow-rs
// in WebAssembly: pages, dictionaries, Snappy) runs on a second core while the export's thread
// reads the next rows from PostgreSQL. Plain JavaScript, so that it runs as it is under tsx and in
// the tests, and as the worker entry Next's bundler builds from it (lib/studies/exports/parquet.ts).
//
// Messages in: { rows: ArrayBuffer } (a row group as an Arrow IPC stream), then { end: true }.
// Messages out: { taken: true } as each row group is taken up, { bytes: Uint8Array } as the file is
// written, then { done: true }; or { error }.
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";

const wasm = createRequire(import.meta.url)("parquet-wasm/node");

function writerProperties({ rowGroup, textColumns, createdBy }) {
  let props = new wasm.WriterPropertiesBuilder().setCompression(wasm.Compression.SNAPPY).setMaxRowGroupSize(rowGroup).setCreatedBy(createdBy);
  for (const name of textColumns) props = props.setColumnStatisticsEnabled(name, wasm.EnabledStatistics.None);
  return props.build();
}

const queued = [];
let wake = null;
let ended = false;
parentPort.on("message", (message) => {
  if (message.end) ended = true;
  else queued.push(message.rows);
  wake?.();
  wake = null;
});

const source = new ReadableStream({
  async pull(controller) {
    while (!queued.length && !ended) await new Promise((resolve) => (wake = resolve));
    if (!queued.length) return controller.close();
    const table = wasm.Table.fromIPCStream(new Uint8Array(queued.shift()));
    parentPort.postMessage({ taken: true });
    for (const batch of table.recordBatches()) controller.enqueue(batch);
    table.free();
  },
});

try {
  const bytes = await wasm.transformParquetStream(source, writerProperties(workerData));
  for await (const chunk of bytes) {
    const own = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : chunk.slice();
    parentPort.postMessage({ bytes: own }, [own.buffer]);
  }
  parentPort.postMessage({ done: true });
} catch (err) {
  parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
