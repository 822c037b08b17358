import type { Gold } from "@/lib/benchmarks/types";
import { stringifyCsv } from "@/lib/csv";
import { db } from "@/lib/db/client";
import { streamBatches } from "@/lib/db/stream";
import { AppError } from "@/lib/errors";

// Errata: what changed between two versions of a dataset (this file), or between a source dataset
// and a study's validated export (lib/release/errata.ts). One row per change, in one CSV shape:
//  - removed: a record of the older version (or of the source) that is not in the newer (the export);
//  - added: a record only the newer version has;
//  - changed: a record both have, with different content (the fields that differ in `details`);
//  - key_changed: a question's answer key differs (between versions: its gold; in a validated
//    export: a researcher's adjudication overrode the vote on an answer-key check).
// Records are matched by source id (the k-th record with an id to the k-th with the same id).

export const ERRATA_COLUMNS = ["source_id", "record_index", "change", "reason", "details"] as const;
export type ErrataChange = "removed" | "key_changed" | "added" | "changed";

export interface ErrataRow {
  sourceId: string;
  /** the record's index in the newer version (the older one's for a removed record) */
  recordIndex: number;
  change: ErrataChange;
  /** in words */
  reason: string;
  details: string;
}

export type ErrataCounts = Record<ErrataChange, number>;

export function emptyCounts(): ErrataCounts {
  return { removed: 0, key_changed: 0, added: 0, changed: 0 };
}

/** Errata rows as CSV text, header first; every cell formula-neutralized (lib/csv.ts). */
export async function* errataCsv(batches: AsyncIterable<ErrataRow[]>): AsyncGenerator<string> {
  yield stringifyCsv([ERRATA_COLUMNS]);
  for await (const batch of batches) {
    if (batch.length) yield stringifyCsv(batch.map((r) => [r.sourceId, r.recordIndex, r.change, r.reason, r.details]));
  }
}

/** A gold answer in words, as a person checking the errata reads it. */
export function goldText(gold: Gold, options: readonly string[] | null): string {
  switch (gold.kind) {
    case "single_choice":
      return options?.[gold.index] !== undefined ? `option ${gold.index + 1}: ${options[gold.index]}` : `option ${gold.index + 1}`;
    case "multi_select":
      return gold.values.join(", ");
    case "yes_no":
      return gold.value;
    case "numeric":
      return "unanswerable" in gold ? "unanswerable" : String(gold.value);
    case "short_text":
      return gold.value;
    case "free_text":
      return gold.reference;
  }
}

const PAIRS = `WITH a AS (SELECT "sourceId", index, row_number() OVER (PARTITION BY "sourceId" ORDER BY index) AS k FROM "SourceRecord" WHERE "datasetId" = $1),
  b AS (SELECT "sourceId", index, row_number() OVER (PARTITION BY "sourceId" ORDER BY index) AS k FROM "SourceRecord" WHERE "datasetId" = $2),
  pairs AS (SELECT coalesce(a."sourceId", b."sourceId") AS source_id, a.index AS from_index, b.index AS to_index
            FROM a FULL JOIN b ON a."sourceId" = b."sourceId" AND a.k = b.k)`;

// records that differ, and questions of paired records whose gold differs, in the newer order
const SQL = `${PAIRS}
  SELECT p.source_id, p.from_index, p.to_index, sa.raw AS from_raw, sb.raw AS to_raw,
         NULL::int AS position, NULL::text AS prompt, NULL::jsonb AS from_gold, NULL::jsonb AS to_gold, NULL::jsonb AS from_options, NULL::jsonb AS to_options
  FROM pairs p
  LEFT JOIN "SourceRecord" sa ON sa."datasetId" = $1 AND sa.index = p.from_index
  LEFT JOIN "SourceRecord" sb ON sb."datasetId" = $2 AND sb.index = p.to_index
  WHERE p.from_index IS NULL OR p.to_index IS NULL OR sa.raw <> sb.raw
  UNION ALL
  SELECT p.source_id, p.from_index, p.to_index, NULL, NULL, qb.position, qb.prompt, qa.gold, qb.gold, qa.options, qb.options
  FROM pairs p
  JOIN "Question" qa ON qa."datasetId" = $1 AND qa."recordIndex" = p.from_index
  JOIN "Question" qb ON qb."datasetId" = $2 AND qb."recordIndex" = p.to_index AND qb.position = qa.position
  WHERE qa.gold <> qb.gold
  ORDER BY to_index NULLS LAST, from_index, position NULLS FIRST`;

interface DiffRow {
  source_id: string;
  from_index: number | null;
  to_index: number | null;
  from_raw: string | null;
  to_raw: string | null;
  position: number | null;
  prompt: string | null;
  from_gold: Gold | null;
  to_gold: Gold | null;
  from_options: string[] | null;
  to_options: string[] | null;
}

interface Version {
  id: string;
  name: string;
  benchmark: string;
  versionLabel: string | null;
  layout: unknown;
}

/** The errata between two versions of a dataset, streamed, with the counts once it is done. */
export async function datasetErrata(fromId: string, toId: string): Promise<{ from: Version; to: Version; rows: AsyncGenerator<ErrataRow[]>; counts: ErrataCounts }> {
  const select = { id: true, name: true, benchmark: true, versionLabel: true, layout: true } as const;
  const [from, to] = await Promise.all([db().dataset.findUnique({ where: { id: fromId }, select }), db().dataset.findUnique({ where: { id: toId }, select })]);
  if (!from || !to) throw new AppError("not_found", `No dataset ${!from ? fromId : toId}.`);
  if (from.benchmark !== to.benchmark) throw new AppError("invalid_input", `The two datasets are of different benchmarks (${from.benchmark}, ${to.benchmark}).`);
  const header = (to.layout as { header?: string[] }).header ?? null;
  const counts = emptyCounts();
  async function* rows(): AsyncGenerator<ErrataRow[]> {
    for await (const batch of streamBatches<DiffRow>(SQL, [fromId, toId])) {
      const out = batch.flatMap((r) => diffRow(r, header));
      for (const row of out) counts[row.change]++;
      yield out;
    }
  }
  return { from, to, rows: rows(), counts };
}

function diffRow(r: DiffRow, header: string[] | null): ErrataRow[] {
  if (r.position !== null) {
    const before = goldText(r.from_gold!, r.from_options);
    const after = goldText(r.to_gold!, r.to_options);
    const question = `question ${r.position + 1} (${r.prompt})`;
    return [{ sourceId: r.source_id, recordIndex: r.to_index!, change: "key_changed", reason: "the gold answer changed", details: `${question}: ${before} → ${after}` }];
  }
  if (r.to_index === null) return [{ sourceId: r.source_id, recordIndex: r.from_index!, change: "removed", reason: "not in the newer version", details: `was record ${r.from_index}` }];
  if (r.from_index === null) return [{ sourceId: r.source_id, recordIndex: r.to_index, change: "added", reason: "only in the newer version", details: "" }];
  const fields = changedFields(r.from_raw!, r.to_raw!, header);
  // the same record written differently (spacing, key order): no change to its content
  if (fields.length === 0) return [];
  return [{ sourceId: r.source_id, recordIndex: r.to_index, change: "changed", reason: "the record's content changed", details: `fields: ${fields.join(", ")}${r.from_index !== r.to_index ? `; was record ${r.from_index}` : ""}` }];
}

/** The top-level fields whose values differ (CSV rows: by header name). */
export function changedFields(fromRaw: string, toRaw: string, header: string[] | null): string[] {
  const a = parseOrText(fromRaw);
  const b = parseOrText(toRaw);
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    return Array.from({ length: n }, (_, i) => i).filter((i) => canonical(a[i]) !== canonical(b[i])).map((i) => header?.[i] ?? `column ${i + 1}`);
  }
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.filter((k) => canonical(a[k]) !== canonical(b[k]));
  }
  return canonical(a) === canonical(b) ? [] : ["(the whole record)"];
}

function parseOrText(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** JSON with object keys sorted, so key order alone is no change. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_key, value: unknown) =>
    isObject(value) ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, value[k]])) : value,
  ) ?? "undefined";
}
