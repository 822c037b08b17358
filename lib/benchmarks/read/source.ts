import { createReadStream } from "node:fs";

export type ByteSource = AsyncIterable<Uint8Array> | string;

/** A file path is read as a stream of 1 MB chunks; anything else is passed through. */
export function chunksOf(source: ByteSource): AsyncIterable<Uint8Array> {
  if (typeof source === "string") return createReadStream(source, { highWaterMark: 1 << 20 });
  return source;
}

/**
 * Reads chunks until `enough(head)` says the head tells what is needed (or the stream ends),
 * and returns the head plus a stream that replays it before the rest.
 */
export async function peek(
  source: ByteSource,
  enough: (head: Uint8Array) => boolean,
): Promise<{ head: Uint8Array; stream: AsyncIterable<Uint8Array>; close: () => Promise<void> }> {
  const iterator = chunksOf(source)[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let head: Uint8Array = new Uint8Array(0);
  let done = false;
  while (!enough(head)) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    taken.push(next.value);
    head = concatBytes(taken);
  }
  async function* stream(): AsyncGenerator<Uint8Array> {
    let finished = done;
    try {
      for (const chunk of taken) yield chunk;
      while (!finished) {
        const next = await iterator.next();
        if (next.done) finished = true;
        else yield next.value;
      }
    } finally {
      // stopped early (e.g. detection read only the first record): close the file
      if (!finished) await iterator.return?.();
    }
  }
  const close = async () => {
    if (!done) await iterator.return?.();
  };
  return { head, stream: stream(), close };
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

export function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** Index of the first byte that is neither whitespace nor part of a leading BOM, or -1. */
export function firstSignificantByte(bytes: Uint8Array): number {
  const bom = [0xef, 0xbb, 0xbf];
  if (bytes.length < 3 && bytes.every((b, i) => b === bom[i])) return -1; // maybe a BOM cut short
  for (let i = hasBom(bytes) ? 3 : 0; i < bytes.length; i++) if (!isWhitespace(bytes[i]!)) return i;
  return -1;
}
