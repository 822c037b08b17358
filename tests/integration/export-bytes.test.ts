import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { parquetMetadata, parquetReadObjects, parquetSchema } from "hyparquet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arrayBuffer, collect } from "@/tests/support/chunks";
import { neutralizeCell } from "@/lib/csv";
import { pool } from "@/lib/db/pool";
import type { Study } from "@/lib/designs";
import { decidesUnits, decisionsCsv, decisionsParquet, publicResponsesParquet } from "@/lib/studies/export";
import { EXPORT_STREAMS, type StreamFormat } from "@/lib/studies/exports/streams";
import { studyResults } from "@/lib/studies/results";
import { readStudy } from "@/lib/studies/study";
import { seedBaselineStudy, seedBulkStudy, seedValidationStudy } from "../support/export-study";

// The exports' bytes, pinned: every study export of three fixed studies (awkward values, a
// question-set unit, two stages, excluded people; and 12,000 generated responses, many cursor
// batches) must stay byte for byte what it was when this test was written, whatever is done to
// make the exports faster. Text files are compared in full with the files under
// tests/fixtures/exports (a failure shows the diff), the Parquet files and the large study's
// files by SHA-256. `SALLY_RECORD_EXPORTS=1` writes those files afresh: only for a change of
// output that is meant, and said so in its commit.

const GOLDEN = path.resolve("tests/fixtures/exports");
const HASHES = path.join(GOLDEN, "hashes.json");
const RECORD = process.env.SALLY_RECORD_EXPORTS === "1";
const BULK = 12_000;

const hashes: Record<string, string> = existsSync(HASHES) ? (JSON.parse(readFileSync(HASHES, "utf8")) as Record<string, string>) : {};

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The file equals its golden copy: text in full, binary (or large) by hash. */
function expectGolden(name: string, bytes: Buffer, as: "text" | "hash"): void {
  const file = path.join(GOLDEN, name);
  if (RECORD) {
    mkdirSync(GOLDEN, { recursive: true });
    if (as === "text") writeFileSync(file, bytes);
    else hashes[name] = sha256(bytes);
    return;
  }
  if (as === "text") {
    expect(existsSync(file), `${file} is missing: record it with SALLY_RECORD_EXPORTS=1`).toBe(true);
    expect(bytes.toString("utf8"), name).toBe(readFileSync(file, "utf8"));
    expect(sha256(bytes), name).toBe(sha256(readFileSync(file)));
  } else {
    expect(hashes[name], `no hash for ${name}: record it with SALLY_RECORD_EXPORTS=1`).toBeDefined();
    expect(sha256(bytes), name).toBe(hashes[name]);
  }
}

/** A Parquet value as the CSV writes it: "" for null, ISO 8601 for timestamps, text neutralized. */
function asCsv(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "string") return neutralizeCell(v);
  return String(v);
}

async function expectParquetEqualsCsv(parquet: Buffer, csv: Buffer): Promise<number> {
  const file = arrayBuffer(parquet);
  const names = parquetSchema(parquetMetadata(file)).children.map((c) => c.element.name);
  const rows = await parquetReadObjects({ file });
  expect(names).toEqual((parseCsv(csv.toString("utf8"), { to_line: 1 }) as string[][])[0]);
  expect(rows.map((r) => Object.fromEntries(names.map((n) => [n, asCsv(r[n])])))).toEqual(parseCsv(csv.toString("utf8"), { columns: true }));
  return rows.length;
}

const FORMATS = Object.keys(EXPORT_STREAMS) as StreamFormat[];
const EXTENSION = (f: StreamFormat) => f.replace(/-(csv|jsonl|parquet)$/, ".$1");

let studies: { baseline: Study; validation: Study; bulk: Study };

beforeAll(async () => {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const ids = { baseline: await seedBaselineStudy(client), validation: await seedValidationStudy(client), bulk: await seedBulkStudy(client, BULK) };
    await client.query("COMMIT");
    const read = async (id: string) => (await readStudy(pool(), { id }))!;
    studies = { baseline: await read(ids.baseline), validation: await read(ids.validation), bulk: await read(ids.bulk) };
  } finally {
    client.release();
  }
}, 120_000);

afterAll(() => {
  if (RECORD) writeFileSync(HASHES, JSON.stringify(hashes, null, 2) + "\n");
});

describe("study exports keep their bytes", () => {
  for (const name of ["baseline", "validation"] as const) {
    it(`${name}: every format equals its golden file, and each Parquet file reads back equal to its CSV`, async () => {
      const study = studies[name];
      const files = new Map<StreamFormat, Buffer>();
      for (const format of FORMATS) {
        const bytes = await collect(EXPORT_STREAMS[format](study));
        files.set(format, bytes);
        expectGolden(`${name}-${EXTENSION(format)}`, bytes, format.endsWith("parquet") ? "hash" : "text");
      }
      expect(await expectParquetEqualsCsv(files.get("responses-parquet")!, files.get("responses-csv")!)).toBeGreaterThan(0);
      await expectParquetEqualsCsv(files.get("scored-parquet")!, files.get("scored-csv")!);
      expectGolden(`${name}-public-responses.parquet`, await collect(publicResponsesParquet(study)), "hash");
    });
  }

  it("validation: the unit decisions as CSV and Parquet equal their golden files", async () => {
    const study = studies.validation;
    const results = await studyResults(study);
    expect(decidesUnits(results)).toBe(true);
    if (!decidesUnits(results)) return;
    const csv = await collect(decisionsCsv(study, results));
    const parquet = await collect(decisionsParquet(study, results));
    expectGolden("validation-decisions.csv", csv, "text");
    expectGolden("validation-decisions.parquet", parquet, "hash");
    expect(await expectParquetEqualsCsv(parquet, csv)).toBe(2);
  });

  it(`${BULK.toLocaleString("en")} generated responses: every format equals its golden hash (many cursor batches, tied submission times)`, async () => {
    const files = new Map<StreamFormat, Buffer>();
    for (const format of FORMATS) {
      const bytes = await collect(EXPORT_STREAMS[format](studies.bulk));
      files.set(format, bytes);
      expectGolden(`bulk-${EXTENSION(format)}`, bytes, "hash");
    }
    expect(await expectParquetEqualsCsv(files.get("responses-parquet")!, files.get("responses-csv")!)).toBe(BULK);
    expect(await expectParquetEqualsCsv(files.get("scored-parquet")!, files.get("scored-csv")!)).toBe(BULK);
  }, 120_000);
});
