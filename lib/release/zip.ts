import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

// A zip archive streamed from files that are themselves streamed: fflate's streaming Zip calls us
// back synchronously with the archive's bytes while a file's chunk is pushed, so each chunk in
// gives its bytes out before the next is pulled, and memory holds one chunk at a time (entries use
// data descriptors: sizes and CRCs follow each file). fflate writes no ZIP64 records, so an archive
// stops with an error before it would pass 4 GiB, rather than come out unreadable.

export interface ZipEntry {
  /** the path inside the archive, with forward slashes */
  name: string;
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
  /** false: stored as it is (Parquet is compressed already) */
  deflate: boolean;
}

const ZIP32_LIMIT = 0xffff_ffff;

export async function* zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, mtime = new Date()): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  let written = 0;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else ready.push(data);
  });
  function* take(): Generator<Uint8Array> {
    if (failure) throw failure;
    for (const chunk of ready.splice(0)) {
      written += chunk.byteLength;
      if (written > ZIP32_LIMIT) throw new Error("The archive would pass 4 GiB, past what a zip without ZIP64 can hold.");
      yield chunk;
    }
  }
  for await (const entry of entries) {
    const file = entry.deflate ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
    file.mtime = mtime;
    zip.add(file);
    for await (const chunk of entry.chunks) {
      const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
      if (bytes.byteLength === 0) continue;
      file.push(bytes, false);
      yield* take();
    }
    file.push(new Uint8Array(0), true);
    yield* take();
  }
  zip.end();
  yield* take();
}
