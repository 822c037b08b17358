import { fileIssue, ReadError } from "@/lib/benchmarks/read/layout";
import { concatBytes } from "@/lib/benchmarks/read/source";

/** One top-level element of a JSON array, as the exact bytes the file held. */
export interface SplitElement {
  index: number;
  bytes: Uint8Array;
  /** absolute byte offset of the element's first byte */
  offset: number;
  /** 1-based line of the element's first byte */
  line: number;
}

export interface ArrayFrame {
  bom: boolean;
  prefix: string;
  separator: string;
  uniformSeparators: boolean;
  suffix: string;
}

const Phase = { Start: 0, AfterOpen: 1, InElement: 2, AfterElement: 3, AfterComma: 4, End: 5 } as const;
type Phase = (typeof Phase)[keyof typeof Phase];
const BOM = [0xef, 0xbb, 0xbf];

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

function isWs(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function shown(b: number): string {
  return b >= 0x20 && b < 0x7f ? `"${String.fromCharCode(b)}"` : `byte 0x${b.toString(16).padStart(2, "0")}`;
}

/**
 * Splits a JSON array into its top-level elements without parsing them, fed chunk by chunk.
 * It works on bytes (tracking string, escape and bracket depth), so a multi-byte UTF-8 character
 * or an escape split across chunks is handled; each element is decoded strictly later.
 * Only the gaps between elements ("[\n    ", ",\n    ", "\n]") are kept for the layout.
 */
export class JsonArraySplitter {
  private phase: Phase = Phase.Start;
  private offset = 0;
  private line = 1;
  private count = 0;
  private depth = 0;
  private inString = false;
  private escape = false;
  private scalar = false;
  private pieces: Uint8Array[] = [];
  private elementOffset = 0;
  private elementLine = 1;
  private gap: number[] = [];
  private bomSeen = 0;
  private prefix = "";
  private separator: string | null = null;
  private uniform = true;
  private suffix = "";

  push(chunk: Uint8Array): SplitElement[] {
    const out: SplitElement[] = [];
    let i = 0;
    const n = chunk.length;
    while (this.phase === Phase.Start && i < n && this.offset + i === this.bomSeen && chunk[i] === BOM[this.bomSeen]) {
      this.bomSeen++;
      i++;
    }
    let start = this.phase === Phase.InElement ? 0 : -1;
    while (i < n) {
      if (this.phase === Phase.InElement) {
        const end = this.scanElement(chunk, i);
        if (end < 0) break;
        out.push(this.finishElement(chunk, start, end));
        start = -1;
        i = end;
        continue;
      }
      const b = chunk[i]!;
      if (isWs(b)) {
        if (b === NEWLINE) this.line++;
        this.gap.push(b);
        i++;
        continue;
      }
      switch (this.phase) {
        case Phase.Start:
          if (b !== OPEN_BRACKET) throw this.notAnArray(b);
          this.gap.push(b);
          this.phase = Phase.AfterOpen;
          i++;
          continue;
        case Phase.AfterOpen:
        case Phase.AfterComma:
          if (b === CLOSE_BRACKET) {
            if (this.phase === Phase.AfterComma) {
              // records are numbered from 1 in messages, as the import's table of problems shows them
              throw this.at(`The JSON array has a trailing comma after record ${this.count} (line ${this.line}).`);
            }
            this.prefix = this.takeGap();
            this.gap.push(b);
            this.phase = Phase.End;
            i++;
            continue;
          }
          this.startElement(b, i);
          start = i;
          continue;
        case Phase.AfterElement:
          if (b === COMMA) this.phase = Phase.AfterComma;
          else if (b === CLOSE_BRACKET) this.phase = Phase.End;
          else throw this.at(`Expected "," or "]" after record ${this.count}, found ${shown(b)} at line ${this.line}.`);
          this.gap.push(b);
          i++;
          continue;
        case Phase.End:
          throw this.at(`Unexpected text after the closing "]" of the array: ${shown(b)} at line ${this.line} (byte offset ${this.offset + i}).`);
      }
    }
    if (this.phase === Phase.InElement) this.pieces.push(chunk.slice(Math.max(start, 0)));
    this.offset += n;
    return out;
  }

  /** Checks that the array was closed; returns the gaps around the elements. */
  end(): ArrayFrame {
    switch (this.phase) {
      case Phase.Start:
        throw this.gap.length ? fileIssue("The file holds only whitespace, not a JSON array.") : fileIssue("The file is empty");
      case Phase.AfterOpen:
      case Phase.AfterComma:
        throw this.at(`The JSON array is truncated: the file ends at line ${this.line} before the closing "]".`);
      case Phase.InElement:
        throw new ReadError({
          record: this.count,
          line: this.elementLine,
          path: "",
          message: `The JSON array is truncated: record ${this.count + 1} (starting at line ${this.elementLine}) is incomplete at the end of the file.`,
        });
      case Phase.AfterElement:
        throw this.at(`The JSON array is truncated: the file ends after record ${this.count} without the closing "]".`);
    }
    this.suffix = this.takeGap();
    return { bom: this.bomSeen === 3, prefix: this.prefix, separator: this.separator ?? ",", uniformSeparators: this.uniform, suffix: this.suffix };
  }

  private startElement(b: number, i: number): void {
    const gap = this.takeGap();
    if (this.phase === Phase.AfterOpen) this.prefix = gap;
    else if (this.separator === null) this.separator = gap;
    else if (gap !== this.separator) this.uniform = false;
    this.phase = Phase.InElement;
    this.elementOffset = this.offset + i;
    this.elementLine = this.line;
    this.depth = 0;
    this.inString = false;
    this.escape = false;
    this.scalar = b !== OPEN_BRACE && b !== OPEN_BRACKET && b !== QUOTE;
  }

  /**
   * Advances through the element from i. Returns the index just past its last byte,
   * or -1 when the chunk ends inside it.
   */
  private scanElement(chunk: Uint8Array, from: number): number {
    let depth = this.depth;
    let inString = this.inString;
    let escape = this.escape;
    let line = this.line;
    const n = chunk.length;
    let i = from;
    let end = -1;
    if (this.scalar) {
      for (; i < n; i++) {
        const b = chunk[i]!;
        if (isWs(b) || b === COMMA || b === CLOSE_BRACKET) {
          end = i;
          break;
        }
      }
    } else {
      for (; i < n; i++) {
        const b = chunk[i]!;
        if (inString) {
          // jump to the closing quote natively; most bytes of a record are inside strings
          const from = escape ? i + 1 : i;
          const close = closingQuote(chunk, from);
          escape = false;
          if (close < 0) {
            escape = endsInEscape(chunk, from);
            i = n;
            break;
          }
          inString = false;
          i = close;
          if (depth === 0) {
            end = i + 1;
            break;
          }
          continue;
        }
        if (b === QUOTE) inString = true;
        else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
        else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
          depth--;
          if (depth === 0) {
            end = i + 1;
            break;
          }
        } else if (b === NEWLINE) line++;
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escape = escape;
    this.line = line;
    return end;
  }

  private finishElement(chunk: Uint8Array, start: number, end: number): SplitElement {
    const tail = chunk.subarray(Math.max(start, 0), end);
    const bytes = this.pieces.length ? concatBytes([...this.pieces, tail]) : tail;
    this.pieces = [];
    this.phase = Phase.AfterElement;
    return { index: this.count++, bytes, offset: this.elementOffset, line: this.elementLine };
  }

  private takeGap(): string {
    // gaps hold only whitespace and the ASCII punctuation [ , ]
    let s = "";
    for (const b of this.gap) s += String.fromCharCode(b);
    this.gap = [];
    return s;
  }

  private notAnArray(b: number): ReadError {
    if (b === OPEN_BRACE) return this.at(`The top level of the file is a JSON object, not an array (line ${this.line}). Expected a JSON array of records, or JSON Lines.`);
    return this.at(`The file does not start with a JSON array: expected "[", found ${shown(b)} at line ${this.line}.`);
  }

  private at(message: string): ReadError {
    return fileIssue(message, this.line);
  }
}

/** Index of the next unescaped quote from `from` (which is not itself escaped), or -1. */
function closingQuote(chunk: Uint8Array, from: number): number {
  for (let q = chunk.indexOf(QUOTE, from); q >= 0; q = chunk.indexOf(QUOTE, q + 1)) {
    let slashes = 0;
    while (q - slashes - 1 >= from && chunk[q - slashes - 1] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return q;
  }
  return -1;
}

/** Whether the chunk ends with an odd run of backslashes after `from`, escaping the next byte. */
function endsInEscape(chunk: Uint8Array, from: number): boolean {
  let slashes = 0;
  while (chunk.length - slashes - 1 >= from && chunk[chunk.length - slashes - 1] === BACKSLASH) slashes++;
  return slashes % 2 === 1;
}
