import { stringify } from "csv-stringify/sync";

// Every CSV Sally writes goes through here (the one exception is a benchmark's own CSV in the
// source export, which must stay byte-identical to the published file: lib/benchmarks/write/text.ts).
//
// CSV injection (OWASP): a spreadsheet runs a cell that begins with = + - @ TAB CR or LF as a
// formula, so participants' text, external ids and dataset text could call HYPERLINK or worse
// when a researcher opens an export. Such a cell gets a leading ' (the spreadsheet shows it as
// text). A cell that is a plain number (-3, +1.5, -1e-7) is not a formula, only a number, and
// stays as it is so numeric columns still sum. csv-stringify's own `escape_formulas` leaves LF
// alone and prefixes "-3" given as a string, hence this small rule of our own.
// JSONL and Parquet exports keep the raw values: the rule is for spreadsheets only.

const FORMULA_START = /^[=+\-@\t\r\n]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** Rows to RFC 4180 text (quoted where needed, "\n" line ends), each string cell neutralized. */
export function stringifyCsv(rows: readonly (readonly unknown[])[]): string {
  return stringify(rows as unknown[][], {
    cast: {
      string: neutralizeCell,
      boolean: (v) => String(v),
      date: (v) => v.toISOString(),
      number: (v) => String(v),
    },
  });
}
