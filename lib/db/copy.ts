import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

// Bulk insert through COPY ... FROM STDIN in PostgreSQL's binary format. Rows are encoded straight
// into one growing buffer: no per-value escaping or string joining in JavaScript, and PostgreSQL
// skips the text-format line and field scanning (both were large costs of an import).
// Format: https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.4

const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const HEADER_SIZE = SIGNATURE.length + 8; // + flags and header extension length, both 0
const JSONB_VERSION = 1;

/** Encodes rows for one COPY, field by field in the statement's column order. */
export class BinaryCopyEncoder {
  private buf: Buffer;
  private at = HEADER_SIZE;
  private fieldsLeft = 0;
  rows = 0;

  constructor(
    readonly columns: number,
    initialSize = 1 << 16,
  ) {
    this.buf = Buffer.allocUnsafe(Math.max(initialSize, HEADER_SIZE + 2));
    this.reset();
  }

  /**
   * Starts over, keeping the buffer: an importer reuses two encoders per table instead of
   * allocating (and growing) new ones per batch. The bytes of an earlier finish() are overwritten,
   * so call it only once they have been sent.
   */
  reset(): void {
    SIGNATURE.copy(this.buf, 0);
    this.buf.writeInt32BE(0, SIGNATURE.length);
    this.buf.writeInt32BE(0, SIGNATURE.length + 4);
    this.at = HEADER_SIZE;
    this.fieldsLeft = 0;
    this.rows = 0;
  }

  /** Bytes encoded so far (what a batch holds in memory). */
  get size(): number {
    return this.at;
  }

  row(): this {
    this.assertRowDone();
    this.ensure(2);
    this.buf.writeInt16BE(this.columns, this.at);
    this.at += 2;
    this.fieldsLeft = this.columns;
    this.rows++;
    return this;
  }

  null(): this {
    this.field(4).writeInt32BE(-1, this.at);
    this.at += 4;
    return this;
  }

  /** A uuid from its 16 bytes. */
  uuid(bytes: Uint8Array): this {
    if (bytes.length !== 16) throw new Error(`a uuid has 16 bytes, not ${bytes.length}`);
    const buf = this.field(20);
    buf.writeInt32BE(16, this.at);
    buf.set(bytes, this.at + 4);
    this.at += 20;
    return this;
  }

  int4(value: number): this {
    const buf = this.field(8);
    buf.writeInt32BE(4, this.at);
    buf.writeInt32BE(value, this.at + 4);
    this.at += 8;
    return this;
  }

  /** text, varchar or an enum label; null writes NULL. */
  text(value: string | null): this {
    return value === null ? this.null() : this.utf8(value, false);
  }

  /** jsonb from JSON text (the server parses it as it would text input); null writes SQL NULL. */
  jsonb(json: string | null): this {
    return json === null ? this.null() : this.utf8(json, true);
  }

  /** The complete COPY data: header, rows and trailer (a view of the buffer, valid until reset()). */
  finish(): Buffer {
    this.assertRowDone();
    this.ensure(2);
    this.buf.writeInt16BE(-1, this.at);
    return this.buf.subarray(0, this.at + 2);
  }

  private utf8(value: string, jsonb: boolean): this {
    const prefix = jsonb ? 1 : 0;
    // a UTF-16 code unit never takes more than 3 bytes in UTF-8
    const buf = this.field(4 + prefix + value.length * 3);
    if (jsonb) buf[this.at + 4] = JSONB_VERSION;
    const written = buf.write(value, this.at + 4 + prefix, "utf8");
    buf.writeInt32BE(written + prefix, this.at);
    this.at += 4 + prefix + written;
    return this;
  }

  private field(bytes: number): Buffer {
    if (this.fieldsLeft === 0) throw new Error(`a row has ${this.columns} fields; call row() before the next one`);
    this.fieldsLeft--;
    this.ensure(bytes);
    return this.buf;
  }

  private assertRowDone(): void {
    if (this.fieldsLeft !== 0) throw new Error(`the row is missing ${this.fieldsLeft} of its ${this.columns} fields`);
  }

  private ensure(bytes: number): void {
    if (this.at + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + bytes));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }
}

const SLICE = 1 << 20;

/** Sends encoded rows with COPY (binary) on the client's connection; resolves once PostgreSQL has them all. */
export async function copyBinary(client: pg.PoolClient | pg.Client, table: string, columns: readonly string[], data: Buffer): Promise<void> {
  if (data.length <= HEADER_SIZE + 2) return;
  const cols = columns.map((c) => `"${c}"`).join(", ");
  const stream = client.query(copyFrom(`COPY "${table}" (${cols}) FROM STDIN (FORMAT binary)`));
  function* slices() {
    for (let at = 0; at < data.length; at += SLICE) yield data.subarray(at, at + SLICE);
  }
  await pipeline(Readable.from(slices()), stream);
}
