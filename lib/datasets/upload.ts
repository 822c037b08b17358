import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { AppError } from "@/lib/errors";

const TOO_BIG = (max: number) =>
  `The file is larger than the upload limit (${(max / 1024 / 1024).toFixed(0)} MB). Import it with the CLI: npm run -s sally -- import --benchmark auto <file>`;

// An upload goes to a temporary file first (imports read files, and streaming keeps memory flat),
// and is cut off as soon as it passes the limit.
export async function receiveUpload(body: ReadableStream<Uint8Array> | null, declaredLength: number | null, max: number): Promise<{ file: string; bytes: number; cleanup: () => Promise<void> }> {
  if (declaredLength !== null && declaredLength > max) throw new AppError("payload_too_large", TOO_BIG(max));
  if (!body) throw new AppError("bad_request", "The request has no file in its body.");
  const file = path.join(os.tmpdir(), `sally-upload-${randomUUID()}`);
  const cleanup = () => rm(file, { force: true });
  const out = createWriteStream(file);
  let bytes = 0;
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (bytes > max) throw new AppError("payload_too_large", TOO_BIG(max));
      if (!out.write(chunk)) await once(out, "drain");
    }
    out.end();
    await once(out, "finish");
  } catch (err) {
    out.destroy();
    await cleanup();
    throw err;
  }
  return { file, bytes, cleanup };
}
