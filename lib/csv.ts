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

// csv-stringify quotes a cell holding a quote, the delimiter, CR or LF, and doubles its quotes.
const NEEDS_QUOTES = /[",\r\n]/;
const NEUTRALIZE_FIRST = new Set(["=", "+", "-", "@", "\t", "\r", "\n"]);

/** One cell as stringifyCsv writes it (the same rules, for the cell types a table export holds). */
function csvCell(value: string | number | boolean | null): string {
  if (typeof value !== "string") return value === null || value === undefined ? "" : String(value);
  const text = NEUTRALIZE_FIRST.has(value.charAt(0)) ? neutralizeCell(value) : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The same text as `stringifyCsv(rows)`, byte for byte (tests/unit/csv.test.ts compares them),
 * for rows of text, numbers, booleans and nulls only. The study exports write a million rows
 * through this: csv-stringify's per-cell options and casts cost a third of such an export's CPU
 * and a pair array per cell (docs/benchmarks.md, Study exports).
 */
export function csvRows(rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  let out = "";
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      if (i) out += ",";
      out += csvCell(row[i]!);
    }
    out += "\n";
  }
  return out;
}
