import type pg from "pg";
import { describe, expect, it } from "vitest";
import { BinaryCopyEncoder, copyBinary } from "@/lib/db/copy";
import { pool } from "@/lib/db/pool";

// The binary COPY encoder against a real PostgreSQL: every type the importer sends comes back as written.
const COLUMNS = ["id", "n", "label", "kind", "doc", "maybe"] as const;

async function withTable<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query(`CREATE TEMP TABLE copy_probe (id uuid, n int4, label text, kind "QuestionKind", doc jsonb, maybe jsonb)`);
    return await fn(client);
  } finally {
    await client.query(`DROP TABLE IF EXISTS copy_probe`);
    client.release();
  }
}

const uuid = (hex: string) => Buffer.from(hex.replace(/-/g, ""), "hex");

describe("BinaryCopyEncoder", () => {
  it("writes uuid, int4, text, enum labels, jsonb and NULL that PostgreSQL reads back unchanged", async () => {
    const rows = [
      { id: "0190c3a0-0000-7000-8000-000000000001", n: 0, label: "", kind: "yes_no", doc: { a: 1 }, maybe: null },
      { id: "0190c3a0-0000-7000-8000-000000000002", n: -2147483648, label: "tab\there\nnew line \\ back\\slash", kind: "single_choice", doc: ["x", null, true], maybe: { b: "c" } },
      { id: "0190c3a0-0000-7000-8000-000000000003", n: 2147483647, label: "Zoë 🙂 漢字 \u00e9", kind: "free_text", doc: { s: "🙂 \"quoted\" \\n" }, maybe: null },
    ];
    const encoder = new BinaryCopyEncoder(COLUMNS.length, 16); // tiny on purpose: the buffer must grow
    for (const r of rows) encoder.row().uuid(uuid(r.id)).int4(r.n).text(r.label).text(r.kind).jsonb(JSON.stringify(r.doc)).jsonb(r.maybe === null ? null : JSON.stringify(r.maybe));
    const back = await withTable(async (client) => {
      await copyBinary(client, "copy_probe", COLUMNS, encoder.finish());
      return (await client.query(`SELECT id::text, n, label, kind::text, doc, maybe FROM copy_probe ORDER BY id`)).rows;
    });
    expect(back).toEqual(rows);
  });

  it("a long text (several growths of the buffer) arrives whole", async () => {
    const long = "é".repeat(300_000) + "end";
    const encoder = new BinaryCopyEncoder(COLUMNS.length, 64);
    encoder.row().uuid(uuid("0190c3a0-0000-7000-8000-0000000000ff")).int4(1).text(long).text("numeric").jsonb("{}").null();
    const back = await withTable(async (client) => {
      await copyBinary(client, "copy_probe", COLUMNS, encoder.finish());
      return (await client.query(`SELECT label FROM copy_probe`)).rows;
    });
    expect(back[0]?.label).toBe(long);
  });

  it("after reset() the encoder holds only the new rows", async () => {
    const encoder = new BinaryCopyEncoder(COLUMNS.length);
    const add = (i: number) => encoder.row().uuid(uuid(`0190c3a0-0000-7000-8000-00000000000${i}`)).int4(i).text(`row ${i}`).text("yes_no").jsonb("1").null();
    add(1);
    add(2);
    const counts = await withTable(async (client) => {
      await copyBinary(client, "copy_probe", COLUMNS, encoder.finish());
      encoder.reset();
      add(3);
      await copyBinary(client, "copy_probe", COLUMNS, encoder.finish());
      return (await client.query(`SELECT n FROM copy_probe ORDER BY n`)).rows.map((r) => r.n as number);
    });
    expect(counts).toEqual([1, 2, 3]);
    expect(encoder.rows).toBe(1);
  });

  it("an encoder with no rows sends nothing", async () => {
    const count = await withTable(async (client) => {
      await copyBinary(client, "copy_probe", COLUMNS, new BinaryCopyEncoder(COLUMNS.length).finish());
      return (await client.query(`SELECT count(*)::int AS n FROM copy_probe`)).rows[0]?.n as number;
    });
    expect(count).toBe(0);
  });

  it("refuses a row with too few or too many fields before anything is sent", () => {
    const encoder = new BinaryCopyEncoder(2);
    encoder.row().int4(1);
    expect(() => encoder.row()).toThrow(/missing 1 of its 2 fields/);
    const other = new BinaryCopyEncoder(1);
    other.row().int4(1);
    expect(() => other.int4(2)).toThrow(/a row has 1 fields/);
    expect(() => new BinaryCopyEncoder(1).row().uuid(Buffer.alloc(15))).toThrow(/16 bytes/);
  });

  it("a value PostgreSQL refuses (invalid JSON) fails the COPY with PostgreSQL's error", async () => {
    const encoder = new BinaryCopyEncoder(COLUMNS.length);
    encoder.row().uuid(uuid("0190c3a0-0000-7000-8000-000000000001")).int4(1).text("x").text("yes_no").jsonb("{not json").null();
    await expect(withTable((client) => copyBinary(client, "copy_probe", COLUMNS, encoder.finish()))).rejects.toThrow(/json/i);
  });
});
