import { describe, expect, it } from "vitest";
import { copyArrays } from "@/lib/db/copy-out";
import { pool } from "@/lib/db/pool";
import { all } from "@/tests/support/batches";
import { streamArrays } from "@/lib/db/stream";
import { timestamp } from "@/lib/studies/exports/responses";

// The study exports read through COPY ... TO STDOUT (a parallel plan) rather than a cursor. The
// rows must equal the cursor's value for value, whatever the text holds, and stopping early or a
// failing query must leave the pool usable.

// every kind of value the exports carry, with the text COPY's format escapes (tab, newline, CR,
// backslash, the two characters \N, form feed, vertical tab, backspace), empty text and NULLs
const AWKWARD = `
  SELECT i, t, t = '' AS empty, i * 0.25::float8 AS f, (i % 2 = 0) AS even, jsonb_build_object('t', t, 'n', i) AS j,
         ARRAY[t, 'x'] AS arr, CASE WHEN i % 3 = 0 THEN NULL ELSE t END AS maybe, gen_random_uuid() IS NOT NULL AS ok,
         timestamptz '2026-11-23 10:00:00.123+00' + i * interval '1 second' AS at, $1::text AS param
  FROM unnest(ARRAY[E'tab\\there', E'line\\nnext', E'cr\\r\\nlf', E'back\\\\slash', E'\\\\N', '', E'\\f\\v\\b', 'ünïcode ✓ 中文', '"quoted", comma', E'\\\\']) WITH ORDINALITY AS x(t, i)
  ORDER BY i`;

describe("rows through COPY equal the cursor's", () => {
  it("value for value, escapes and NULLs included, and a parameter with a quote in it", async () => {
    const param = "it's $2 \\ fine";
    const cursor = await all(streamArrays(AWKWARD, [param], 4));
    const copied = await all(copyArrays(AWKWARD, [param], 4));
    expect(cursor.rows).toHaveLength(10);
    expect(copied.sizes).toEqual([4, 4, 2]);
    expect(copied.rows).toEqual(cursor.rows);
    expect(copied.rows.map((r) => r[1])).toContain("\\N");
    expect(copied.rows.every((r) => r[10] === param)).toBe(true);
  });

  it("every row once, in order, across many stream chunks", async () => {
    const sql = "SELECT i, repeat('x', i % 50) AS pad FROM generate_series(1, $1::int) i ORDER BY i";
    const { rows } = await all(copyArrays<[number, string]>(sql, ["30000"], 1000));
    expect(rows).toHaveLength(30_000);
    expect(rows.every(([i, pad], k) => i === k + 1 && pad.length === (k + 1) % 50)).toBe(true);
  });

  it("a consumer that stops early drops its connection instead of returning it busy, and the pool still serves queries", async () => {
    for (let n = 0; n < 3; n++) {
      for await (const batch of copyArrays("SELECT i FROM generate_series(1, 500000) i", [], 100)) {
        expect(batch).toHaveLength(100);
        break;
      }
    }
    const { rows } = await pool().query<{ one: number }>("SELECT 1 AS one");
    expect(rows[0]!.one).toBe(1);
  });

  it("a query that fails mid-stream rejects in the consumer, and the pool still serves queries", async () => {
    const failing = copyArrays("SELECT 1 / (25000 - i) FROM generate_series(1, 100000) i", [], 100);
    await expect(
      (async () => {
        for await (const _batch of failing) {
          // read on
        }
      })(),
    ).rejects.toThrow(/division by zero/);
    const { rows } = await pool().query<{ one: number }>("SELECT 1 AS one");
    expect(rows[0]!.one).toBe(1);
  });

  // the exported columns are timestamptz(3), as schema.prisma's DateTime makes them: whole milliseconds
  it("timestamps as milliseconds (Parquet) equal the ISO text the CSV gets, 400,000 milliseconds either side of 1970", async () => {
    const sql = `SELECT ${timestamp("t", "ms")}, ${timestamp("t", "iso")}
      FROM generate_series(0, 199999) k, LATERAL (SELECT (timestamptz '2026-11-28 19:00:00+00' + (k * 7919 % 1000000) * interval '1.001 ms')::timestamptz(3) AS t
        UNION ALL SELECT (timestamptz '1969-12-31 23:59:59.999+00' - k * interval '1 ms')::timestamptz(3)) x`;
    const { rows } = await all(copyArrays<[number, string]>(sql, [], 50_000));
    expect(rows).toHaveLength(400_000);
    expect(rows.filter(([ms, iso]) => new Date(ms).toISOString() !== iso)).toEqual([]);
  });
});
