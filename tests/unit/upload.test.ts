import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { receiveUpload } from "@/lib/datasets/upload";

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
      controller.close();
    },
  });

describe("browser uploads", () => {
  it("are refused with 413 and a pointer to the CLI when the declared size is over the limit", async () => {
    await expect(receiveUpload(streamOf("x"), 2_000_000, 1_000_000)).rejects.toMatchObject({
      code: "payload_too_large",
      status: 413,
      message: expect.stringContaining("npm run -s sally -- import"),
    });
  });

  it("are cut off as soon as the body passes the limit, even without a declared size, and leave no file", async () => {
    const err = await receiveUpload(streamOf("aaaa", "bbbb", "cccc"), null, 10).catch((e) => e);
    expect(err).toMatchObject({ code: "payload_too_large" });
  });

  it("land in a temporary file that cleanup removes", async () => {
    const upload = await receiveUpload(streamOf("[1,", "2]"), null, 100);
    expect(upload.bytes).toBe(5);
    expect(await readFile(upload.file, "utf8")).toBe("[1,2]");
    await upload.cleanup();
    expect(existsSync(upload.file)).toBe(false);
  });
});
