import { createHash, randomUUID } from "node:crypto";
import type pg from "pg";
import type { ParsedRecord, QuestionKind, TagValue } from "@/lib/benchmarks/types";
import { copyRows, type CopyValue } from "@/lib/db/copy";

// Buffers an import's rows and writes them with COPY in batches, inside the import's
// transaction. Contexts are deduplicated within the dataset by the hash of their content.
// One batch is written while the next is parsed: PostgreSQL and the parser work at the same time.
const FLUSH_EVERY = 2000;

export class ImportWriter {
  private records: CopyValue[][] = [];
  private contexts: CopyValue[][] = [];
  private questions: CopyValue[][] = [];
  private contextIds = new Map<string, string>();
  readonly byKind: Partial<Record<QuestionKind, number>> = {};
  readonly byMainTag: Record<string, number> = {};
  sourceRecords = 0;
  questionCount = 0;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private client: pg.PoolClient,
    private datasetId: string,
    private mainTag: string,
  ) {}

  get contextCount(): number {
    return this.contextIds.size;
  }

  async add(index: number, raw: string, parsed: ParsedRecord): Promise<void> {
    this.sourceRecords++;
    this.records.push([this.datasetId, index, parsed.sourceId, raw]);
    const ids = parsed.contexts.map((c) => {
      const hash = createHash("sha256").update(JSON.stringify(c.views)).digest("base64url");
      let id = this.contextIds.get(hash);
      if (!id) {
        id = randomUUID();
        this.contextIds.set(hash, id);
        const first = c.views[c.defaultView] ?? Object.values(c.views)[0];
        this.contexts.push([id, this.datasetId, hash, first?.type ?? "passage", c.title ?? null, c.defaultView, JSON.stringify(c.views)]);
      }
      return id;
    });
    for (const q of parsed.questions) {
      this.questionCount++;
      this.byKind[q.kind] = (this.byKind[q.kind] ?? 0) + 1;
      const main = q.tags[this.mainTag];
      if (main !== undefined) this.byMainTag[tagText(main)] = (this.byMainTag[tagText(main)] ?? 0) + 1;
      this.questions.push([
        randomUUID(),
        this.datasetId,
        ids[q.context]!,
        index,
        q.position,
        parsed.sourceId,
        q.kind,
        q.prompt,
        q.options ? JSON.stringify(q.options) : null,
        JSON.stringify(q.gold),
        JSON.stringify(q.scoring),
        JSON.stringify(q.tags),
        JSON.stringify(q.groupKeys),
      ]);
    }
    if (this.records.length >= FLUSH_EVERY) await this.startBatch();
  }

  /** Writes everything buffered and waits until PostgreSQL has it. */
  async flush(): Promise<void> {
    await this.startBatch();
    await this.inFlight;
  }

  private async startBatch(): Promise<void> {
    await this.inFlight; // one COPY at a time on the transaction's connection
    const [records, contexts, questions] = [this.records, this.contexts, this.questions];
    this.records = [];
    this.contexts = [];
    this.questions = [];
    this.inFlight = this.write(records, contexts, questions);
    this.inFlight.catch(() => {}); // surfaced by the next await of inFlight
  }

  private async write(records: CopyValue[][], contexts: CopyValue[][], questions: CopyValue[][]): Promise<void> {
    // parents before children: the foreign keys are checked row by row
    await copyRows(this.client, "SourceRecord", ["datasetId", "index", "sourceId", "raw"], records);
    await copyRows(this.client, "Context", ["id", "datasetId", "contentHash", "kind", "title", "defaultView", "views"], contexts);
    await copyRows(
      this.client,
      "Question",
      ["id", "datasetId", "contextId", "recordIndex", "position", "sourceId", "kind", "prompt", "options", "gold", "scoring", "tags", "groupKeys"],
      questions,
    );
  }
}

function tagText(value: TagValue): string {
  return value === null ? "(none)" : String(value);
}
