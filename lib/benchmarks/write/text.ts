import { stringify } from "csv-stringify/sync";
import type { Layout } from "@/lib/benchmarks/read/layout";

type Rows = AsyncIterable<string> | Iterable<string>;
const CHUNK = 1 << 16;

/** Collects small strings into chunks of about 64 KB so the consumer sees few, large writes. */
class Chunker {
  private parts: string[] = [];
  private size = 0;
  add(text: string): string | null {
    this.parts.push(text);
    this.size += text.length;
    return this.size >= CHUNK ? this.take() : null;
  }
  take(): string {
    const out = this.parts.join("");
    this.parts = [];
    this.size = 0;
    return out;
  }
}

/** The raws are exactly the element texts the file held; the gaps come from the layout. */
export async function* writeJsonArray(layout: Extract<Layout, { container: "json_array" }>, raws: Rows): AsyncGenerator<string> {
  const out = new Chunker();
  out.add((layout.bom ? "\ufeff" : "") + layout.prefix);
  let first = true;
  for await (const raw of raws) {
    if (!first) out.add(layout.separator);
    first = false;
    const full = out.add(raw);
    if (full) yield full;
  }
  out.add(layout.suffix);
  yield out.take();
}

export async function* writeJsonl(layout: Extract<Layout, { container: "jsonl" }>, raws: Rows): AsyncGenerator<string> {
  const out = new Chunker();
  if (layout.bom) out.add("\ufeff");
  let previous: string | null = null;
  for await (const raw of raws) {
    if (previous !== null) {
      const full = out.add(previous + layout.lineEnding);
      if (full) yield full;
    }
    previous = raw;
  }
  if (previous !== null) out.add(previous + (layout.finalNewline ? layout.lineEnding : ""));
  const rest = out.take();
  if (rest) yield rest;
}

/** Each raw is the JSON array of a row's cells in header order. */
export async function* writeCsv(layout: Extract<Layout, { container: "csv" }>, raws: Rows): AsyncGenerator<string> {
  const options = { record_delimiter: layout.lineEnding, delimiter: layout.delimiter, eof: true } as const;
  const out = new Chunker();
  let pending = (layout.bom ? "\ufeff" : "") + stringify([layout.header], options);
  for await (const raw of raws) {
    const full = out.add(pending);
    if (full) yield full;
    pending = stringify([JSON.parse(raw) as string[]], options);
  }
  if (!layout.finalNewline && pending.endsWith(layout.lineEnding)) pending = pending.slice(0, -layout.lineEnding.length);
  out.add(pending);
  yield out.take();
}
