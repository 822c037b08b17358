// A streamed download from an async generator of chunks (text or bytes): nothing is built in memory.
export function downloadResponse(chunks: AsyncIterable<string | Uint8Array>, filename: string, contentType: string): Response {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(typeof value === "string" ? encoder.encode(value) : value);
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${filename.replace(/[^\w.-]+/g, "_")}"`,
      "cache-control": "no-store",
    },
  });
}
