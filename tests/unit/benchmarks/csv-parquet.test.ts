import { readFileSync } from "node:fs";
import { parquetWriteBuffer } from "hyparquet-writer";
import { describe, expect, it } from "vitest";
import { readAll, ReadError } from "@/lib/benchmarks/read";
import { writeToBuffer } from "@/lib/benchmarks/write";
import { bytesOf, chunked, fixture, importFile, questionsOf } from "./helpers";

describe("CSV reader", () => {
  it("reads rows keyed by the header, with the line each row starts on", async () => {
    const text = 'a,b\r\n1,"two\nlines"\r\n\r\n3,"say ""hi"""\r\n';
    const { records, layout } = await readAll(chunked(bytesOf(text), 3), "csv");
    expect(records.map((r) => [r.line, r.value, r.raw])).toEqual([
      [2, { a: "1", b: "two\nlines" }, JSON.stringify(["1", "two\nlines"])],
      [5, { a: "3", b: 'say "hi"' }, JSON.stringify(["3", 'say "hi"'])],
    ]);
    expect(layout).toEqual({ container: "csv", bom: false, header: ["a", "b"], lineEnding: "\r\n", finalNewline: true, delimiter: "," });
  });

  it("names every missing required column in one file-level issue", async () => {
    const error = await readAll(fixture("exploretom/missing-columns.csv"), "csv", { requiredColumns: ["question", "expected_answer", "qprop=nth_order"] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadError);
    expect((error as ReadError).issue).toMatchObject({ record: null, line: 1, message: "The CSV file is missing required columns: expected_answer, qprop=nth_order." });
  });

  it("reports a row with the wrong number of cells and reads on", async () => {
    const issues: unknown[] = [];
    const { records } = await readAll(chunked(bytesOf("a,b\n1,2\n3\n4,5\n"), 4), "csv", { onIssue: (i) => issues.push(i) });
    expect(records.map((r) => r.value)).toEqual([
      { a: "1", b: "2" },
      { a: "4", b: "5" },
    ]);
    expect(issues).toEqual([{ record: 1, line: 3, path: "", message: "Row 1 (line 3) has 1 cells; the header has 2." }]);
  });

  it("strips a BOM, keeps it in the layout, and rejects bytes that are not UTF-8", async () => {
    const { records, layout } = await readAll(chunked(bytesOf("\ufeffa,b\n1,2"), 2), "csv");
    expect(records[0]!.value).toEqual({ a: "1", b: "2" });
    expect(layout).toMatchObject({ bom: true, finalNewline: false, lineEnding: "\n" });
    const bad = new Uint8Array([...bytesOf("a,b\n1,"), 0xff, ...bytesOf("\n")]);
    await expect(readAll(chunked(bad, 3), "csv")).rejects.toThrow(/not valid UTF-8: byte 0xff at byte offset 6 \(line 2\)/);
  });

  it("calls an empty file empty and a header alone a file without rows", async () => {
    await expect(readAll(chunked(bytesOf(""), 3), "csv")).rejects.toThrow("The file is empty");
    await expect(readAll(chunked(bytesOf("a,b\n"), 3), "csv")).rejects.toThrow(/header but no rows/);
  });

  it("reports a broken quote as a file-level issue", async () => {
    await expect(readAll(chunked(bytesOf('a,b\n1,"x"y\n'), 3), "csv")).rejects.toThrow(/could not be read near line 2/);
  });

  it("writes the same bytes back, and only the chosen rows in the same format", async () => {
    for (const name of ["valid.csv", "corrupt.csv"]) {
      const original = readFileSync(fixture("exploretom", name));
      const { records, layout } = await readAll(fixture("exploretom", name), "csv");
      expect((await writeToBuffer(layout, records.map((r) => r.raw))).equals(original)).toBe(true);
    }
    const { records, layout } = await readAll(fixture("exploretom/valid.csv"), "csv");
    const subset = await writeToBuffer(layout, [records[2]!.raw]);
    const again = await readAll(chunked(subset, 10), "csv");
    expect(again.records.map((r) => r.value)).toEqual([records[2]!.value]);
    expect(again.layout).toEqual(layout);
  });
});

function chartomParquet(rows: { answer: string; bonus: string[]; misleading: string[] }[]): Uint8Array {
  const schema = [
    { name: "schema", num_children: 9 },
    ...["book_name", "tom_dimension", "context_0", "context_1000", "context_2000", "question", "answer"].map((name) => ({
      name,
      type: "BYTE_ARRAY" as const,
      converted_type: "UTF8" as const,
      repetition_type: "OPTIONAL" as const,
    })),
    ...["bonus_points", "misleading_choices"].flatMap((name) => [
      { name, repetition_type: "OPTIONAL" as const, converted_type: "LIST" as const, num_children: 1 },
      { name: "list", repetition_type: "REPEATED" as const, num_children: 1 },
      { name: "element", type: "BYTE_ARRAY" as const, converted_type: "UTF8" as const, repetition_type: "OPTIONAL" as const },
    ]),
  ];
  const text = (name: string) => ({ name, data: rows.map((_, i) => `${name} ${i}`) });
  const buffer = parquetWriteBuffer({
    schema,
    columnData: [
      { name: "book_name", data: rows.map((_, i) => (i % 2 ? "Book B by Someone" : "Book A by Someone")) },
      { name: "tom_dimension", data: rows.map(() => "belief") },
      text("context_0"),
      text("context_1000"),
      text("context_2000"),
      text("question"),
      { name: "answer", data: rows.map((r) => r.answer) },
      { name: "bonus_points", data: rows.map((r) => r.bonus) },
      { name: "misleading_choices", data: rows.map((r) => r.misleading) },
    ],
  });
  return new Uint8Array(buffer);
}

describe("Parquet", () => {
  const rows = Array.from({ length: 5 }, (_, i) => ({ answer: `answer ${i}`, bonus: i === 3 ? [] : [`point ${i}`], misleading: [`wrong ${i}a`, `wrong ${i}b`, `wrong ${i}c`] }));

  it("imports CharToM-QA from Parquet: two questions per item", async () => {
    const imported = await importFile(chunked(chartomParquet(rows), 100), "chartom", "parquet", "data.parquet");
    expect(imported.issues).toEqual([]);
    expect(imported.records).toHaveLength(5);
    expect(questionsOf(imported)).toHaveLength(10);
    expect(imported.records[3]!.parsed.questions[1]!.gold).toEqual({ kind: "free_text", reference: "answer 3", bonusPoints: [] });
  });

  it("writes Parquet back with the same schema and rows, and a subset with only those rows", async () => {
    const { records, layout } = await readAll(chunked(chartomParquet(rows), 64), "parquet");
    const written = await writeToBuffer(layout, records.map((r) => r.raw));
    const again = await readAll(chunked(written, 50), "parquet");
    expect(again.records.map((r) => r.value)).toEqual(records.map((r) => r.value));
    expect(again.layout).toMatchObject({ container: "parquet", schema: layout.container === "parquet" ? layout.schema : [] });
    const subset = await readAll(chunked(await writeToBuffer(layout, [records[4]!.raw, records[1]!.raw]), 50), "parquet");
    expect(subset.records.map((r) => r.value)).toEqual([records[4]!.value, records[1]!.value]);
  });

  it("writes many rows as several row groups", async () => {
    const many = Array.from({ length: 2500 }, (_, i) => ({ answer: `a${i}`, bonus: [`b${i}`], misleading: [`m${i}`] }));
    const { records, layout } = await readAll(chunked(chartomParquet(many), 1 << 16), "parquet");
    const again = await readAll(chunked(await writeToBuffer(layout, records.map((r) => r.raw)), 1 << 16), "parquet");
    expect(again.records.map((r) => r.raw)).toEqual(records.map((r) => r.raw));
  });

  it("rejects a file that is not Parquet", async () => {
    await expect(readAll(chunked(bytesOf("PAR1 but not really"), 4), "parquet")).rejects.toThrow(/not a complete Parquet file/);
  });
});
