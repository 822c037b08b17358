import type pg from "pg";
import { stat } from "node:fs/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import path from "node:path";
import { detectSource, resolveBenchmark } from "@/lib/benchmarks/detect";
import { getAdapter } from "@/lib/benchmarks/registry";
import type { BenchmarkName, ImportIssue, QuestionKind } from "@/lib/benchmarks/types";
import { IssueCollector, readAndParse } from "@/lib/benchmarks/validate";
import { countedChunks, sha256File } from "@/lib/datasets/hash";
import { IdSequence, uuidText } from "@/lib/datasets/import-ids";
import { ImportWriter } from "@/lib/datasets/import-writer";
import { pool } from "@/lib/db/pool";
import { withTransaction } from "@/lib/db/tx";
import { AppError } from "@/lib/errors";

// One benchmark file in, all or nothing: every record is validated, and a single problem
// anywhere rolls the whole import back (one transaction), leaving no rows behind.

const YIELD_MS = 4;

export interface ImportInput {
  file: string;
  /** the name the user's file had (for detection hints and the record of where data came from) */
  fileName?: string;
  benchmark: BenchmarkName | "auto";
  name?: string;
  versionLabel?: string;
  asNewVersion?: boolean;
  /** the data's licence (lib/datasets/license.ts); the benchmark's known licence when absent */
  license?: string;
  ownerId: string | null;
  /** who asks, for the duplicate message: the web form names its checkbox and only datasets the user may see */
  via?: { kind: "web"; seesAll: boolean } | { kind: "cli" };
  onProgress?: (p: { bytes: number; total: number; records: number }) => void;
}

export interface ImportSummary {
  datasetId: string;
  name: string;
  benchmark: BenchmarkName;
  license: string;
  sourceRecords: number;
  contexts: number;
  questions: number;
  byKind: Partial<Record<QuestionKind, number>>;
  mainTag: string;
  byMainTag: Record<string, number>;
}

/** A refused import: the problems found (the first 50) and how many there were in all. */
export class ImportRejected extends AppError {
  constructor(code: "invalid_input" | "conflict", message: string, readonly issues: ImportIssue[] = [], readonly total = issues.length) {
    super(code, message, { extra: { issues, total } });
  }
}

export async function importDataset(input: ImportInput): Promise<ImportSummary> {
  const fileName = input.fileName ?? path.basename(input.file);
  const size = (await stat(input.file)).size;
  if (size === 0) throw new ImportRejected("invalid_input", "The file is empty.", [{ record: null, path: "", message: "The file is empty" }]);

  const resolved = resolveBenchmark(input.benchmark, await detectSource(input.file, fileName), input.via?.kind ?? "cli");
  if ("error" in resolved) throw new ImportRejected("invalid_input", resolved.error, [{ record: null, path: "", message: resolved.error }]);

  const contentHash = await sha256File(input.file);
  // a quick refusal before any parsing; the authoritative check runs under the lock below
  await latestVersion(pool(), contentHash, input);

  const adapter = getAdapter(resolved.benchmark);
  const license = input.license ?? adapter.license.id;
  const name = input.name?.trim() || path.basename(fileName).replace(/\.(json|jsonl|csv|parquet)(\.sample)?$/i, "");

  try {
    return await withTransaction(async (client) => {
      // Imports of the same bytes take turns, so each sees the others' versions.
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [contentHash]);
      const earlier = await latestVersion(client, contentHash, input);
      const ids = new IdSequence();
      const datasetIdBytes = ids.next();
      const datasetId = uuidText(datasetIdBytes);
      await client.query(
        `INSERT INTO "Dataset" (id, name, benchmark, "versionLabel", "contentHash", "hashVersion", "sourceFileName", container, layout,
           "sourceRecords", "contextCount", "questionCount", summary, "ownerId", license)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '{}', 0, 0, 0, '{}', $9, $10)`,
        [datasetId, name, adapter.name, input.versionLabel ?? null, contentHash, (earlier?.hashVersion ?? 0) + 1, fileName, resolved.container, input.ownerId, license],
      );
      const writer = new ImportWriter(client, datasetIdBytes, adapter.mainTag, ids);
      const issues = new IssueCollector(50);
      let bytes = 0;
      const source = countedChunks(input.file, (b) => (bytes = b));
      const pipeline = readAndParse(source, { container: resolved.container, adapter, file: { name: fileName } });
      let records = 0;
      let layout = null;
      let turn = performance.now();
      try {
        for (;;) {
          // Parsing runs in microtasks and would hold the event loop for a whole read chunk; give it a
          // turn every few ms so PostgreSQL's replies (the next COPY can start, the socket drained) are
          // seen at once, and a server keeps answering other requests during a long import.
          if (performance.now() - turn > YIELD_MS) {
            await nextTurn();
            turn = performance.now();
          }
          const next = await pipeline.next();
          if (next.done) {
            layout = next.value;
            break;
          }
          records++;
          if (next.value.type === "issue") issues.add(next.value.issue);
          else if (issues.total === 0) await writer.add(next.value.raw.index, next.value.raw.raw, next.value.parsed);
          if (records % 1000 === 0) input.onProgress?.({ bytes, total: size, records });
        }
      } finally {
        // A refusal or a read error can come while a batch is still being written: the transaction
        // must not roll back (and its connection go back to the pool) under a COPY of ours.
        await writer.settled();
      }
      if (issues.total > 0 || !layout) {
        const { first, total } = issues.summary();
        throw new ImportRejected("invalid_input", `The file has ${total} problem(s); nothing was imported.`, first, total);
      }
      if (writer.sourceRecords === 0) {
        throw new ImportRejected("invalid_input", "The file holds no records.", [{ record: null, path: "", message: "The file holds no records" }]);
      }
      await writer.flush();
      input.onProgress?.({ bytes: size, total: size, records });
      const summary = { byKind: writer.byKind, mainTag: adapter.mainTag, byMainTag: writer.byMainTag };
      await client.query(
        `UPDATE "Dataset" SET layout = $2, "sourceRecords" = $3, "contextCount" = $4, "questionCount" = $5, summary = $6 WHERE id = $1`,
        [datasetId, JSON.stringify(layout), writer.sourceRecords, writer.contextCount, writer.questionCount, JSON.stringify(summary)],
      );
      await client.query(
        `INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", after) VALUES (gen_random_uuid(), $1, 'dataset.import', 'dataset', $2, $3)`,
        [input.ownerId, datasetId, JSON.stringify({ name, benchmark: adapter.name, fileName, contentHash })],
      );
      return {
        datasetId,
        name,
        benchmark: adapter.name,
        license,
        sourceRecords: writer.sourceRecords,
        contexts: writer.contextCount,
        questions: writer.questionCount,
        ...summary,
      };
    });
  } catch (err) {
    // a backstop: the lock above makes this unreachable between Sally processes
    if ((err as { code?: string }).code === "23505" && (err as { constraint?: string }).constraint === "Dataset_contentHash_hashVersion_key") {
      throw new ImportRejected("conflict", "This file was imported by someone else at the same moment; try again.");
    }
    throw err;
  }
}

/** The newest dataset holding these exact bytes; refuses a duplicate unless a new version is asked for. */
async function latestVersion(db: Pick<pg.Pool, "query">, contentHash: string, input: Pick<ImportInput, "asNewVersion" | "ownerId" | "via">) {
  const { rows } = await db.query<{ name: string; id: string; hashVersion: number; visible: boolean }>(
    `SELECT d.id, d.name, d."hashVersion",
            (d."ownerId" = $2 OR d."sharedWithAll" OR EXISTS (SELECT 1 FROM "DatasetShare" s WHERE s."datasetId" = d.id AND s."userId" = $2)) AS visible
     FROM "Dataset" d WHERE d."contentHash" = $1 ORDER BY d."hashVersion" DESC LIMIT 1`,
    [contentHash, input.ownerId],
  );
  const earlier = rows[0];
  if (earlier && !input.asNewVersion) throw new ImportRejected("conflict", duplicateMessage(earlier, input.via ?? { kind: "cli" }));
  return earlier;
}

/** Said in the words of the interface that asked, naming only a dataset the person may see. */
function duplicateMessage(earlier: { name: string; id: string; visible: boolean }, via: NonNullable<ImportInput["via"]>): string {
  if (via.kind === "cli") return `This file was already imported as "${earlier.name}" (${earlier.id}). Import it as a new version to keep both (--as-new-version).`;
  if (via.seesAll || earlier.visible) return `This file was already imported as "${earlier.name}". To keep both, tick "Import as a new version" and import again.`;
  return `This file is already in Sally, in a dataset you cannot see. Tick "Import as a new version" to import your own copy, or ask its owner to share theirs.`;
}
