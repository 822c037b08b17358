import type { Container, ImportIssue } from "@/lib/benchmarks/types";

export type LineEnding = "\n" | "\r\n";

/** A parquet schema element as hyparquet reports it, made JSON-safe (BigInt fields become numbers). */
export type ParquetSchemaElement = Record<string, unknown> & { name: string };

/**
 * What a file holds around its records, kept at import so export can write the same container back.
 * Stored as JSON next to the dataset; every field is plain data.
 */
export type Layout =
  | {
      container: "json_array";
      bom: boolean;
      /** everything before the first element: "[" and the whitespace after it, e.g. "[\n    " */
      prefix: string;
      /** what sits between two elements, e.g. ",\n    " (the first one seen) */
      separator: string;
      /** false when the file used different separators; export then uses `separator` everywhere */
      uniformSeparators: boolean;
      /** everything after the last element, e.g. "\n]" or "\n]\n" */
      suffix: string;
    }
  | { container: "jsonl"; bom: boolean; lineEnding: LineEnding; finalNewline: boolean }
  | { container: "csv"; bom: boolean; header: string[]; lineEnding: LineEnding; finalNewline: boolean; delimiter: "," }
  | { container: "parquet"; schema: ParquetSchemaElement[]; createdBy?: string };

export type { Container };

/** A problem that stops reading the file (or, with onIssue absent, any read problem). */
export class ReadError extends Error {
  readonly issue: ImportIssue;
  constructor(issue: ImportIssue) {
    super(issue.message);
    this.name = "ReadError";
    this.issue = issue;
  }
}

export function fileIssue(message: string, line?: number): ReadError {
  return new ReadError({ record: null, ...(line !== undefined ? { line } : {}), path: "", message });
}

export interface ReadOptions {
  /**
   * Problems that do not stop reading (a bad JSONL line, a CSV row with the wrong number of cells).
   * Without it they are thrown as ReadError.
   */
  onIssue?: (issue: ImportIssue) => void;
  /** CSV: columns that must be in the header (a missing one is a file-level issue) */
  requiredColumns?: readonly string[];
  /** called once reading has finished, with the container layout */
  onLayout?: (layout: Layout) => void;
}
