import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Byte chunks of a file, reporting how far reading has got. */
export async function* countedChunks(file: string, onBytes: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    bytes += (chunk as Buffer).length;
    onBytes(bytes);
    yield chunk as Buffer;
  }
}
