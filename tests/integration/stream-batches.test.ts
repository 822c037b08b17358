import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/pool";
import { all } from "@/tests/support/batches";
import { streamArrays, streamBatches } from "@/lib/db/stream";

// The cursor the exports read through asks for the next batch before handing on the current one:
// every row arrives once and in order whatever the batch size, a consumer that stops early or a
// query that fails leaves the pool usable, and the error reaches the consumer.

const SERIES = "SELECT i, 'row ' || i AS label FROM generate_series(1, $1::int) i ORDER BY i";

describe("cursor batches, fetched one ahead", () => {
  it("hands on every row once, in order, in full batches and a last short one (or none)", async () => {
    for (const [count, size, sizes] of [[10, 3, [3, 3, 3, 1]], [9, 3, [3, 3, 3]], [0, 3, []], [2, 5, [2]]] as const) {
      const { sizes: got, rows } = await all(streamArrays<[number, string]>(SERIES, [count], size));
      expect(got).toEqual(sizes);
      expect(rows).toEqual(Array.from({ length: count }, (_, k) => [k + 1, `row ${k + 1}`]));
    }
    const objects = await all(streamBatches<{ i: number; label: string }>(SERIES, [4], 3));
    expect(objects.rows).toEqual([1, 2, 3, 4].map((i) => ({ i, label: `row ${i}` })));
  });

  it("a consumer that stops after the first batch closes the cursor and returns its connection", async () => {
    const idleBefore = pool().totalCount - pool().idleCount;
    for (let n = 0; n < 3; n++) {
      for await (const batch of streamArrays(SERIES, [100_000], 100)) {
        expect(batch).toHaveLength(100);
        break;
      }
    }
    expect(pool().totalCount - pool().idleCount).toBe(idleBefore);
    const { rows } = await pool().query<{ one: number }>("SELECT 1 AS one");
    expect(rows[0]!.one).toBe(1);
  });

  it("a query that fails mid-stream rejects in the consumer, and the pool still serves queries", async () => {
    // division by zero at row 250: the first two batches arrive, the third read fails
    const failing = streamArrays("SELECT 1 / (250 - i) FROM generate_series(1, 1000) i", [], 100);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const batch of failing) seen.push(batch.length);
      })(),
    ).rejects.toThrow(/division by zero/);
    expect(seen.length).toBeLessThan(3);
    const { rows } = await pool().query<{ one: number }>("SELECT 1 AS one");
    expect(rows[0]!.one).toBe(1);
  });
});
