// A streamed download's chunks as one buffer, and a buffer's bytes as the ArrayBuffer hyparquet reads.

export async function collect(chunks: AsyncIterable<string | Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(typeof c === "string" ? Buffer.from(c, "utf8") : Buffer.from(c));
  return Buffer.concat(parts);
}

export const arrayBuffer = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
