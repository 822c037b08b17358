import type { RawRecord } from "@/lib/benchmarks/types";
import { JsonArraySplitter, type SplitElement } from "@/lib/benchmarks/read/json-splitter";
import { ReadError, type Layout, type ReadOptions } from "@/lib/benchmarks/read/layout";
import { decodeUtf8 } from "@/lib/benchmarks/read/utf8";

/** Streams the records of a file holding one JSON array; returns the layout when done. */
export async function* readJsonArray(stream: AsyncIterable<Uint8Array>, opts: ReadOptions = {}): AsyncGenerator<RawRecord, Layout> {
  const splitter = new JsonArraySplitter();
  for await (const chunk of stream) {
    for (const element of splitter.push(chunk)) {
      const record = elementToRecord(element, opts);
      if (record) yield record;
    }
  }
  const frame = splitter.end();
  const layout: Layout = { container: "json_array", ...frame };
  opts.onLayout?.(layout);
  return layout;
}

function elementToRecord(element: SplitElement, opts: ReadOptions): RawRecord | null {
  const raw = decodeUtf8(element.bytes, element.offset, element.line);
  try {
    return { index: element.index, line: element.line, value: JSON.parse(raw), raw };
  } catch (error) {
    const issue = {
      record: element.index,
      line: element.line,
      path: "",
      message: `Record ${element.index} (line ${element.line}) is not valid JSON: ${(error as Error).message}`,
    };
    if (!opts.onIssue) throw new ReadError(issue);
    opts.onIssue(issue);
    return null;
  }
}
