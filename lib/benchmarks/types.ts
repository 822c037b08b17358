import type { z } from "zod";

// The contract between benchmark adapters and the rest of Sally. An adapter turns one source
// record into contexts (what people read) and questions (what they answer), keeping the gold
// answers and metadata. Import, studies, scoring and export all speak these types.

export const BENCHMARKS = ["fantom", "tomato", "diamonds", "exploretom", "chartom", "generic"] as const;
export type BenchmarkName = (typeof BENCHMARKS)[number];

export const QUESTION_KINDS = ["single_choice", "multi_select", "yes_no", "numeric", "short_text", "free_text"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

// How records sit in the file. Export writes the same container back.
export type Container = "json_array" | "jsonl" | "csv" | "parquet";

export interface Turn {
  speaker: string;
  text: string;
  /** DIAMONDs segment index (a segment break is shown between segments) */
  segment?: number;
  meta?: Record<string, unknown>;
}

export type ContextView = { type: "conversation"; turns: Turn[] } | { type: "passage"; paragraphs: string[] };

export interface ContextInput {
  /** named views in display order, e.g. FANToM { short, full }, CharToM { c0, c1000, c2000 } */
  views: Record<string, ContextView>;
  /** the view shown first */
  defaultView: string;
  /** a short human label, e.g. "Conversation 12, part 1" */
  title?: string;
}

export type Gold =
  | { kind: "single_choice"; index: number }
  /** exclude: options known to be wrong (FANToM wrong_answer); absent means "every other option" */
  | { kind: "multi_select"; values: string[]; exclude?: string[] }
  | { kind: "yes_no"; value: "yes" | "no"; raw?: string }
  | { kind: "numeric"; value: number }
  | { kind: "numeric"; unanswerable: true }
  | { kind: "short_text"; value: string }
  | { kind: "free_text"; reference: string; bonusPoints?: string[]; wrong?: string };

export type ScoringRule =
  | { type: "exact_option" }
  /** right only if it holds every gold value and none of the excluded (or no other option) */
  | { type: "set_match" }
  | { type: "yes_no" }
  | { type: "numeric"; relTol: number; allowUnanswerable: boolean }
  /** case, articles and punctuation ignored */
  | { type: "normalized_text" }
  /** not machine-scored: a reference for people to judge against */
  | { type: "reference" };

export type TagValue = string | number | boolean | null;

export interface QuestionInput {
  /** index into ParsedRecord.contexts */
  context: number;
  kind: QuestionKind;
  prompt: string;
  options?: string[];
  gold: Gold;
  scoring: ScoringRule;
  tags: Record<string, TagValue>;
  groupKeys: Record<string, string>;
  /** 0-based position of the question within its source record */
  position: number;
}

export interface ParsedRecord {
  /** stable id of the source record (FANToM set_id, ToMATO q_id, ...) */
  sourceId: string;
  contexts: ContextInput[];
  questions: QuestionInput[];
}

/** One record as read from the file, before the adapter sees it. */
export interface RawRecord {
  /** 0-based record index in the file */
  index: number;
  /** 1-based line where the record starts (JSONL, CSV; JSON arrays too when known) */
  line?: number;
  /** the parsed value handed to the adapter's schema (CSV: an object keyed by header) */
  value: unknown;
  /** exactly what the file held for this record, kept for lossless export */
  raw: string;
}

export interface FileInfo {
  name: string;
}

export interface Adapter<R = unknown> {
  name: BenchmarkName;
  label: string;
  /** containers this benchmark's files come in */
  containers: readonly Container[];
  /** zod schema of one source record */
  recordSchema: z.ZodType<R>;
  /** cheap shape test on a first record, for --benchmark auto */
  looksLike(value: unknown, file: FileInfo): boolean;
  /** the questions and contexts one valid record yields */
  toItems(record: R, index: number, file: FileInfo): ParsedRecord;
  /** the tag that best summarises a dataset of this benchmark (import summary "by main tag") */
  mainTag: string;
  /** the licence the authors release the data under, as the Hugging Face Hub names licences
   *  ("unknown" when none is stated), and what the identifier alone does not say: a dataset takes
   *  it at import unless told otherwise, and a release's dataset card carries both */
  license: AdapterLicense;
}

export interface AdapterLicense {
  id: string;
  note?: string;
}

export interface ImportIssue {
  /** 0-based record index; null for file-level problems */
  record: number | null;
  /** 1-based line when known (CSV, JSONL) */
  line?: number;
  /** field path within the record, e.g. "beliefQAs.0.correct_answer" */
  path: string;
  message: string;
}
