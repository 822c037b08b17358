import { randomFillSync } from "node:crypto";

// The ids of an import's rows, as UUID version 7 (RFC 9562): the import's start time in the top 48
// bits, then a counter, then random bits. Every id is larger than the one before, so the B-tree
// indexes keyed by id (and by dataset id first) grow at their right edge, where PostgreSQL inserts
// without descending the tree, instead of at random pages. The 42 random bits per id keep ids
// unguessable; two imports started in the same millisecond differ there (a clash would break
// a primary key and roll the import back, never merge rows).

const RANDOM_POOL = 16 * 1024;

export class IdSequence {
  private counter = 0;
  private readonly time: Buffer;
  private pool = Buffer.allocUnsafe(RANDOM_POOL);
  private poolAt = RANDOM_POOL;

  constructor(now = Date.now()) {
    this.time = Buffer.alloc(6);
    this.time.writeUIntBE(now, 0, 6);
  }

  /** The next id's 16 bytes (a fresh buffer). */
  next(): Buffer {
    const out = Buffer.allocUnsafe(16);
    this.nextInto(out, 0);
    return out;
  }

  /** Writes the next id's 16 bytes at `offset`. */
  nextInto(out: Uint8Array, offset: number): void {
    if (this.counter >= 2 ** 32) throw new Error("an import cannot hold more than 2^32 rows");
    const n = this.counter++;
    if (this.poolAt + 6 > RANDOM_POOL) {
      randomFillSync(this.pool);
      this.poolAt = 0;
    }
    const r = this.pool;
    const p = this.poolAt;
    this.poolAt += 6;
    out.set(this.time, offset);
    // version 7, then the counter's top 12 bits
    out[offset + 6] = 0x70 | (n >>> 28);
    out[offset + 7] = (n >>> 20) & 0xff;
    // variant 0b10, then the counter's low 20 bits, then 42 random bits
    out[offset + 8] = 0x80 | ((n >>> 14) & 0x3f);
    out[offset + 9] = (n >>> 6) & 0xff;
    out[offset + 10] = ((n & 0x3f) << 2) | (r[p]! & 0x03);
    out[offset + 11] = r[p + 1]!;
    out[offset + 12] = r[p + 2]!;
    out[offset + 13] = r[p + 3]!;
    out[offset + 14] = r[p + 4]!;
    out[offset + 15] = r[p + 5]!;
  }
}

/** The usual text form of a uuid's 16 bytes. */
export function uuidText(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes.buffer, bytes.byteOffset, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
