import { createHash } from "node:crypto";
import type pg from "pg";
import type { ParsedRecord, QuestionKind, TagValue } from "@/lib/benchmarks/types";
import { IdSequence } from "@/lib/datasets/import-ids";
import { BinaryCopyEncoder, copyBinary } from "@/lib/db/copy";

// Encodes an import's rows for binary COPY as they are parsed and writes them in batches, inside
// the import's transaction. Contexts are deduplicated within the dataset by the hash of their
// content. One batch is written while the next is parsed: PostgreSQL and the parser work at the
// same time, and at most two batches are held in memory.
const BATCH_BYTES = 4 << 20;

const RECORD_COLUMNS = ["datasetId", "index", "sourceId", "raw"] as const;
const CONTEXT_COLUMNS = ["id", "datasetId", "contentHash", "kind", "title", "defaultView", "views"] as const;
const QUESTION_COLUMNS = ["id", "datasetId", "contextId", "recordIndex", "position", "sourceId", "kind", "prompt", "options", "gold", "scoring", "tags", "groupKeys"] as const;

interface Batch {
  records: BinaryCopyEncoder;
  contexts: BinaryCopyEncoder;
  questions: BinaryCopyEncoder;
}

/** How many recent contexts are compared by value before one is serialised and hashed. */
const RECENT_CONTEXTS = 4;

export class ImportWriter {
  // two sets of encoders: one fills while the other's COPY runs, then they swap
  private batch = newBatch();
  private spare = newBatch();
  /** the last contexts seen (ToMATO repeats a conversation in consecutive records) */
  private recent: { views: unknown; ordinal: number }[] = [];
  /** context content hash → ordinal of its id in contextIdBytes */
  private contextIds = new Map<string, number>();
  private contextIdBytes = Buffer.allocUnsafe(16 * 1024);
  readonly byKind: Partial<Record<QuestionKind, number>> = {};
  readonly byMainTag: Record<string, number> = {};
  sourceRecords = 0;
  questionCount = 0;
  private inFlight: Promise<void> = Promise.resolve();
  private scratchId = Buffer.allocUnsafe(16);

  constructor(
    private client: pg.PoolClient,
    private datasetId: Uint8Array,
    private mainTag: string,
    private ids: IdSequence,
  ) {}

  get contextCount(): number {
    return this.contextIds.size;
  }

  async add(index: number, raw: string, parsed: ParsedRecord): Promise<void> {
    const { records, contexts, questions } = this.batch;
    this.sourceRecords++;
    records.row().uuid(this.datasetId).int4(index).text(parsed.sourceId).text(raw);
    const ordinals = parsed.contexts.map((c) => {
      const seen = this.recent.find((r) => sameJson(r.views, c.views));
      if (seen) return seen.ordinal;
      // the stored text is the hashed text: one serialisation per context
      const views = JSON.stringify(c.views);
      const hash = createHash("sha256").update(views).digest("base64url");
      let ordinal = this.contextIds.get(hash);
      if (ordinal === undefined) {
        ordinal = this.newContextId();
        this.contextIds.set(hash, ordinal);
        const first = c.views[c.defaultView] ?? Object.values(c.views)[0];
        contexts
          .row()
          .uuid(this.contextId(ordinal))
          .uuid(this.datasetId)
          .text(hash)
          .text(first?.type ?? "passage")
          .text(c.title ?? null)
          .text(c.defaultView)
          .jsonb(views);
      }
      this.recent.unshift({ views: c.views, ordinal });
      if (this.recent.length > RECENT_CONTEXTS) this.recent.pop();
      return ordinal;
    });
    for (const q of parsed.questions) {
      this.count(q.kind, q.tags[this.mainTag]);
      this.ids.nextInto(this.scratchId, 0);
      questions
        .row()
        .uuid(this.scratchId)
        .uuid(this.datasetId)
        .uuid(this.contextId(ordinals[q.context]!))
        .int4(index)
        .int4(q.position)
        .text(parsed.sourceId)
        .text(q.kind)
        .text(q.prompt)
        .jsonb(q.options ? JSON.stringify(q.options) : null)
        .jsonb(JSON.stringify(q.gold))
        .jsonb(JSON.stringify(q.scoring))
        .jsonb(JSON.stringify(q.tags))
        .jsonb(JSON.stringify(q.groupKeys));
    }
    if (records.size + contexts.size + questions.size >= BATCH_BYTES) await this.startBatch();
  }

  /** Writes everything buffered and waits until PostgreSQL has it. */
  async flush(): Promise<void> {
    await this.startBatch();
    await this.inFlight;
  }

  /**
   * Waits for the batch being written, ignoring its outcome. The transaction must not end (nor its
   * connection go back to the pool) while a COPY of ours may still be sent on it.
   */
  async settled(): Promise<void> {
    await this.inFlight.catch(() => {});
  }

  private count(kind: QuestionKind, main: TagValue | undefined): void {
    this.questionCount++;
    this.byKind[kind] = (this.byKind[kind] ?? 0) + 1;
    if (main !== undefined) this.byMainTag[tagText(main)] = (this.byMainTag[tagText(main)] ?? 0) + 1;
  }

  private newContextId(): number {
    const ordinal = this.contextIds.size;
    if ((ordinal + 1) * 16 > this.contextIdBytes.length) {
      const bigger = Buffer.allocUnsafe(this.contextIdBytes.length * 2);
      this.contextIdBytes.copy(bigger);
      this.contextIdBytes = bigger;
    }
    this.ids.nextInto(this.contextIdBytes, ordinal * 16);
    return ordinal;
  }

  private contextId(ordinal: number): Uint8Array {
    return this.contextIdBytes.subarray(ordinal * 16, ordinal * 16 + 16);
  }

  private async startBatch(): Promise<void> {
    await this.inFlight; // one COPY at a time on the transaction's connection; the spare is free again
    const batch = this.batch;
    this.batch = this.spare;
    this.spare = batch;
    for (const encoder of Object.values(this.batch)) encoder.reset();
    this.inFlight = this.write(batch);
    this.inFlight.catch(() => {}); // surfaced by the next await of inFlight
  }

  private async write({ records, contexts, questions }: Batch): Promise<void> {
    // parents before children: the foreign keys are checked at the end of each statement
    await copyBinary(this.client, "SourceRecord", RECORD_COLUMNS, records.finish());
    await copyBinary(this.client, "Context", CONTEXT_COLUMNS, contexts.finish());
    await copyBinary(this.client, "Question", QUESTION_COLUMNS, questions.finish());
  }
}

function newBatch(): Batch {
  return {
    records: new BinaryCopyEncoder(RECORD_COLUMNS.length, 1 << 20),
    contexts: new BinaryCopyEncoder(CONTEXT_COLUMNS.length, 1 << 20),
    questions: new BinaryCopyEncoder(QUESTION_COLUMNS.length, 1 << 20),
  };
}

/**
 * Whether two values serialise to the same JSON, without serialising them: plain objects with the
 * same keys in the same order, arrays, and equal primitives. Anything else counts as different.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return a === null || typeof a !== "object" || isPlain(a);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const key = ka[i]!;
    if (key !== kb[i] || !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return Array.isArray(value) || proto === Object.prototype || proto === null;
}

function tagText(value: TagValue): string {
  return value === null ? "(none)" : String(value);
}
