import { describe, expect, it } from "vitest";
import { readAll, ReadError } from "@/lib/benchmarks/read";
import { seededRandom } from "@/lib/benchmarks/random";
import { bytesOf, chunked } from "./helpers";

/** Records full of what breaks naive splitters: quotes, escapes, brackets in strings, multi-byte text. */
function synthetic(count: number): unknown[] {
  const rand = seededRandom("splitter");
  const words = ['a "quoted" word', "back\\slash", "brace { and ] bracket", "naïve café – 東京 😀", "tab\tand\nnewline", "\\", '\\"', "plain"];
  return Array.from({ length: count }, (_, i) => ({
    id: i,
    text: Array.from({ length: 1 + Math.floor(rand() * 6) }, () => words[Math.floor(rand() * words.length)]).join(" "),
    nested: { list: [1, [2, { deep: "}" }], null, true], empty: {}, none: [] },
    number: -1.5e3 + i,
  }));
}

async function expectReadError(text: string | Uint8Array, container: "json_array" | "jsonl" = "json_array"): Promise<ReadError> {
  const bytes = typeof text === "string" ? bytesOf(text) : text;
  try {
    await readAll(chunked(bytes, 5), container);
  } catch (error) {
    expect(error).toBeInstanceOf(ReadError);
    return error as ReadError;
  }
  throw new Error("expected a ReadError");
}

describe("JSON array reader", () => {
  it("yields the same records as JSON.parse of the whole file when fed 7-byte chunks", async () => {
    const values = synthetic(2000);
    for (const text of [JSON.stringify(values), JSON.stringify(values, null, 4)]) {
      const bytes = bytesOf(text);
      const { records, layout } = await readAll(chunked(bytes, 7), "json_array");
      expect(records.map((r) => r.value)).toEqual(JSON.parse(text));
      expect(records.map((r) => r.index)).toEqual(values.map((_, i) => i));
      // the raw text of each element is exactly what the file held
      for (const r of records) expect(JSON.parse(r.raw)).toEqual(r.value);
      expect(layout.container).toBe("json_array");
    }
  });

  it("gives each record the line it starts on", async () => {
    const text = '[\n  {"a": 1},\n  {"a": "x\\ny"},\n\n  {"a": 3}\n]';
    const { records } = await readAll(chunked(bytesOf(text), 3), "json_array");
    expect(records.map((r) => r.line)).toEqual([2, 3, 5]);
  });

  it("keeps the text around the elements as the layout", async () => {
    const { layout } = await readAll(chunked(bytesOf('\ufeff[\n    {"a":1},\n    {"a":2}\n]\n'), 4), "json_array");
    expect(layout).toEqual({ container: "json_array", bom: true, prefix: "[\n    ", separator: ",\n    ", uniformSeparators: true, suffix: "\n]\n" });
    const mixed = await readAll(chunked(bytesOf("[1, 2,3]"), 2), "json_array");
    expect(mixed.layout).toMatchObject({ separator: ", ", uniformSeparators: false });
    expect(mixed.records.map((r) => r.value)).toEqual([1, 2, 3]);
  });

  it("reads an empty array", async () => {
    const { records, layout } = await readAll(chunked(bytesOf("[ ]"), 1), "json_array");
    expect(records).toEqual([]);
    expect(layout).toMatchObject({ prefix: "[ ", suffix: "]" });
  });

  it("reports a truncated file with the incomplete record and its line", async () => {
    const error = await expectReadError('[\n  {"a": 1},\n  {"a": "unfinished');
    expect(error.issue).toMatchObject({ record: 1, line: 3 });
    expect(error.message).toMatch(/truncated: record 2 \(starting at line 3\) is incomplete/);
    expect((await expectReadError('[{"a": 1},')).message).toMatch(/truncated/);
    expect((await expectReadError('[{"a": 1}')).message).toMatch(/truncated.*without the closing "\]"/);
  });

  it("rejects a top level that is not an array", async () => {
    expect((await expectReadError('"just a string"')).message).toMatch(/does not start with a JSON array/);
    expect((await expectReadError('{\n  "a": 1\n}')).message).toMatch(/single JSON object is not accepted/);
  });

  it("rejects trailing garbage and a trailing comma", async () => {
    const garbage = await expectReadError('[{"a": 1}]\n{"b": 2}');
    expect(garbage.message).toMatch(/after the closing "\]".*line 2/);
    expect((await expectReadError('[{"a": 1},]')).message).toMatch(/trailing comma after record 1 \(/);
    expect((await expectReadError('[{"a": 1} {"b": 2}]')).message).toMatch(/Expected "," or "\]" after record 1,/);
  });

  it("numbers records from 1 in its messages, as the import's table of problems does", async () => {
    expect((await expectReadError('[{"a": 1}, {"b": 2}, {"c": ')).message).toMatch(/record 3 \(starting at line 1\) is incomplete/);
    expect((await expectReadError('[{"a": 1}, {"b": 2}')).message).toMatch(/ends after record 2 without/);
  });

  it("rejects bytes that are not UTF-8, naming the byte offset and line", async () => {
    const head = bytesOf('[\n{"a": "caf');
    const bytes = new Uint8Array([...head, 0xe9, ...bytesOf('"}\n]')]);
    const error = await expectReadError(bytes);
    expect(error.message).toMatch(/not valid UTF-8: byte 0xe9 at byte offset 12 \(line 2\)/);
    expect(error.issue.line).toBe(2);
  });

  it("reports an element that is not valid JSON as an issue on that record and reads on", async () => {
    const issues: unknown[] = [];
    const { records } = await readAll(chunked(bytesOf('[{"a": 1}, {"a": tru}, {"a": 3}]'), 4), "json_array", { onIssue: (i) => issues.push(i) });
    expect(records.map((r) => r.value)).toEqual([{ a: 1 }, { a: 3 }]);
    expect(issues).toMatchObject([{ record: 1, line: 1, message: expect.stringMatching(/Record 1 \(line 1\) is not valid JSON/) }]);
  });

  it("calls an empty file empty", async () => {
    expect((await expectReadError("")).message).toBe("The file is empty");
    expect((await expectReadError("", "jsonl")).message).toBe("The file is empty");
  });
});

describe("JSON Lines reader", () => {
  it("reads one value per non-empty line with its line number, in any chunking", async () => {
    const text = '{"a":1}\r\n\r\n{"a":"é"}\r\n{"a":3}';
    const { records, layout } = await readAll(chunked(bytesOf(text), 3), "jsonl");
    expect(records.map((r) => [r.index, r.line, r.value])).toEqual([
      [0, 1, { a: 1 }],
      [1, 3, { a: "é" }],
      [2, 4, { a: 3 }],
    ]);
    expect(layout).toEqual({ container: "jsonl", bom: false, lineEnding: "\r\n", finalNewline: false });
  });

  it("reports each bad line with its number and keeps reading", async () => {
    const issues: { line?: number; record: number | null }[] = [];
    const { records } = await readAll(chunked(bytesOf('{"a":1}\n{"a":\n{"a":3}\nnope\n'), 6), "jsonl", { onIssue: (i) => issues.push(i) });
    expect(records.map((r) => r.value)).toEqual([{ a: 1 }, { a: 3 }]);
    expect(issues.map((i) => [i.record, i.line])).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it("strips a BOM and remembers it", async () => {
    const { records, layout } = await readAll(chunked(bytesOf('\ufeff{"a":1}\n'), 2), "jsonl");
    expect(records[0]!.value).toEqual({ a: 1 });
    expect(layout).toMatchObject({ bom: true, finalNewline: true });
  });

  it("reads a file named .jsonl that holds one JSON array, and JSON Lines asked for as an array", async () => {
    const asArray = await readAll(chunked(bytesOf('[{"a":1},{"a":2}]'), 4), "jsonl");
    expect(asArray.layout.container).toBe("json_array");
    expect(asArray.records).toHaveLength(2);
    const asLines = await readAll(chunked(bytesOf('{"a":1}\n{"a":2}\n'), 4), "json_array");
    expect(asLines.layout.container).toBe("jsonl");
    expect(asLines.records).toHaveLength(2);
  });
});
