import { Bool, Field, Float64, Int32, makeData, RecordBatch, Schema, Struct, TimestampMillisecond, Utf8, type Data, type DataType } from "apache-arrow";
import type { Cell, Column } from "@/lib/studies/exports/table";

// A row group's columns as Arrow arrays, filled as rows arrive: numbers, booleans and timestamps go
// straight into typed arrays and validity bits, and a text column's strings become one UTF-8 buffer
// and its offsets when the group is full. Arrow's layout is the format's (validity bits, offsets +
// bytes for text); apache-arrow puts the arrays together.

const ARROW_TYPES = {
  STRING: () => new Utf8(),
  INT32: () => new Int32(),
  DOUBLE: () => new Float64(),
  BOOLEAN: () => new Bool(),
  TIMESTAMP: () => new TimestampMillisecond("UTC"),
} satisfies Record<Column["type"], () => DataType>;

export function arrowSchema(cols: readonly Column[]): Schema {
  return new Schema(cols.map((c) => new Field(c.name, ARROW_TYPES[c.type](), c.nullable)));
}

interface Builder {
  append(value: Cell, row: number): void;
  finish(rows: number, nullBitmap: Uint8Array, nullCount: number): Data;
}

const bitSet = (bits: Uint8Array, i: number) => (bits[i >> 3]! |= 1 << (i & 7));

// A column's strings are joined and encoded to UTF-8 once per row group: one native call instead of
// one per value (Buffer#write per value was the largest cost of a text column). The offsets are
// the strings' lengths when the bytes are as many as the characters (all ASCII: ids, most answers),
// else each string's own byte length.
const NOT_ASCII = /[^\x00-\x7f]/;

function textBuilder(capacityRows: number): Builder {
  const values: string[] = new Array<string>(capacityRows);
  return {
    append(value, row) {
      values[row] = typeof value === "string" ? value : "";
    },
    finish(rows, nullBitmap, nullCount) {
      const some = rows === capacityRows ? values : values.slice(0, rows);
      const data = Buffer.from(some.join(""), "utf8");
      const valueOffsets = new Int32Array(rows + 1);
      let at = 0;
      let chars = 0;
      for (let i = 0; i < rows; i++) chars += some[i]!.length;
      const ascii = chars === data.length;
      for (let i = 0; i < rows; i++) {
        const v = some[i]!;
        at += ascii || !NOT_ASCII.test(v) ? v.length : Buffer.byteLength(v, "utf8");
        valueOffsets[i + 1] = at;
      }
      return makeData({ type: new Utf8(), length: rows, nullBitmap, nullCount, valueOffsets, data });
    },
  };
}

function numberBuilder(type: Int32 | Float64, values: Int32Array | Float64Array): Builder {
  return {
    append(value, row) {
      if (typeof value === "number") values[row] = value;
    },
    finish: (rows, nullBitmap, nullCount) => makeData({ type, length: rows, nullBitmap, nullCount, data: values.subarray(0, rows) } as never),
  };
}

function booleanBuilder(capacityRows: number): Builder {
  const bits = new Uint8Array((capacityRows + 7) >> 3);
  return {
    append(value, row) {
      if (value === true) bitSet(bits, row);
    },
    finish: (rows, nullBitmap, nullCount) => makeData({ type: new Bool(), length: rows, nullBitmap, nullCount, data: bits.subarray(0, (rows + 7) >> 3) }),
  };
}

function timestampBuilder(capacityRows: number): Builder {
  const ms = new BigInt64Array(capacityRows);
  return {
    append(value, row) {
      // whole milliseconds, cut as the CSV's ISO text cuts PostgreSQL's microseconds
      if (typeof value === "number") ms[row] = BigInt(Math.floor(value));
    },
    finish: (rows, nullBitmap, nullCount) =>
      makeData({ type: new TimestampMillisecond("UTC"), length: rows, nullBitmap, nullCount, data: ms.subarray(0, rows) }),
  };
}

function builder(col: Column, capacityRows: number): Builder {
  switch (col.type) {
    case "STRING":
      return textBuilder(capacityRows);
    case "INT32":
      return numberBuilder(new Int32(), new Int32Array(capacityRows));
    case "DOUBLE":
      return numberBuilder(new Float64(), new Float64Array(capacityRows));
    case "BOOLEAN":
      return booleanBuilder(capacityRows);
    case "TIMESTAMP":
      return timestampBuilder(capacityRows);
  }
}

/** Up to `capacityRows` rows, appended one at a time; `batch()` gives them as one Arrow record batch. */
export class RowGroupBuilder {
  rows = 0;
  private readonly builders: Builder[];
  private readonly valid: Uint8Array[];
  private readonly nulls: number[];

  constructor(
    private readonly schema: Schema,
    cols: readonly Column[],
    readonly capacityRows: number,
  ) {
    this.builders = cols.map((c) => builder(c, capacityRows));
    this.valid = cols.map(() => new Uint8Array((capacityRows + 7) >> 3));
    this.nulls = cols.map(() => 0);
  }

  append(row: readonly Cell[]): void {
    const r = this.rows++;
    for (let i = 0; i < this.builders.length; i++) {
      const value = row[i] ?? null;
      if (value === null) this.nulls[i]!++;
      else bitSet(this.valid[i]!, r);
      this.builders[i]!.append(value, r);
    }
  }

  get full(): boolean {
    return this.rows >= this.capacityRows;
  }

  batch(): RecordBatch {
    const rows = this.rows;
    const children = this.builders.map((b, i) => b.finish(rows, this.valid[i]!.subarray(0, (rows + 7) >> 3), this.nulls[i]!));
    return new RecordBatch(this.schema, makeData({ type: new Struct(this.schema.fields), length: rows, children }));
  }
}
