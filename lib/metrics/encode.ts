// Integer coding of long-format ratings, built once so every metric runs on typed arrays.
import type { Label, Rating } from "./types";

export interface CodedRatings {
  /** Unit ids, first-seen order; `unit[i]` indexes this. */
  units: string[];
  /** Rater ids, first-seen order; `rater[i]` indexes this. */
  raters: string[];
  /** Distinct labels: numbers ascending, then strings in code-unit order; `label[i]` indexes this. */
  categories: Label[];
  unit: Int32Array;
  rater: Int32Array;
  label: Int32Array;
}

/** Thrown when a rater rates the same unit twice; `index` is the second rating, `firstIndex` the first. */
export class DuplicateRatingError extends Error {
  constructor(
    readonly index: number,
    readonly firstIndex: number,
    readonly unit: string,
    readonly rater: string,
  ) {
    super(`rater "${rater}" rated unit "${unit}" twice (ratings ${firstIndex} and ${index})`);
    this.name = "DuplicateRatingError";
  }
}

/** Category order: numbers ascending (so ordinal weights and α see the scale), then strings. */
export function compareLabels(a: Label, b: Label): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function code<K>(map: Map<K, number>, list: K[], key: K): number {
  let c = map.get(key);
  if (c === undefined) {
    c = list.length;
    map.set(key, c);
    list.push(key);
  }
  return c;
}

export interface EncodeOptions {
  /** "sorted" (default): numbers ascending, then strings. "declared": the declared categories in the order
   *  given (an ordinal scale such as low,mid,high), then any undeclared label, sorted. */
  order?: "sorted" | "declared";
  /** Allow a rater to rate a unit more than once (Dawid & Skene 1979's clinician 1 rated each patient three
   *  times). Only Dawid–Skene and MACE model repeats; every agreement coefficient assumes one rating. */
  repeats?: boolean;
}

/** Streams ratings in one at a time (no per-rating objects kept); `finish()` returns the coded arrays. */
export class RatingsEncoder {
  private unitCodes = new Map<string, number>();
  private raterCodes = new Map<string, number>();
  private labelCodes = new Map<Label, number>();
  private units: string[] = [];
  private raters: string[] = [];
  private labels: Label[] = [];
  private u = new Int32Array(1024);
  private r = new Int32Array(1024);
  private l = new Int32Array(1024);
  private n = 0;
  private readonly declared: number;

  /** `categories` declares labels up front, so unused categories still count (e.g. for Gwet's AC1). */
  constructor(
    categories: readonly Label[] = [],
    private readonly options: EncodeOptions = {},
  ) {
    for (const c of categories) code(this.labelCodes, this.labels, c);
    this.declared = this.labels.length;
  }

  /** Whether `label` is one of the declared categories. */
  declares(label: Label): boolean {
    const c = this.labelCodes.get(label);
    return c !== undefined && c < this.declared;
  }

  get size(): number {
    return this.n;
  }

  add(unit: string, rater: string, label: Label): void {
    if (typeof label === "number" && !Number.isFinite(label)) throw new RangeError(`label ${label} is not a finite number`);
    if (this.n === this.u.length) this.grow();
    this.u[this.n] = code(this.unitCodes, this.units, unit);
    this.r[this.n] = code(this.raterCodes, this.raters, rater);
    this.l[this.n] = code(this.labelCodes, this.labels, label);
    this.n++;
  }

  finish(): CodedRatings {
    const n = this.n;
    const unit = this.u.slice(0, n);
    const rater = this.r.slice(0, n);
    const order = this.labels.map((_, i) => i).sort((a, b) => this.compareCodes(a, b));
    const rank = new Int32Array(order.length);
    order.forEach((old, i) => (rank[old] = i));
    const label = new Int32Array(n);
    for (let i = 0; i < n; i++) label[i] = rank[this.l[i]!]!;
    const coded = { units: [...this.units], raters: [...this.raters], categories: order.map((i) => this.labels[i]!), unit, rater, label };
    if (!this.options.repeats) checkDuplicates(coded);
    return coded;
  }

  /** Declared codes are 0 .. declared − 1, in the order given. */
  private compareCodes(a: number, b: number): number {
    if (this.options.order === "declared") {
      const da = a < this.declared;
      const db = b < this.declared;
      if (da && db) return a - b;
      if (da !== db) return da ? -1 : 1;
    }
    return compareLabels(this.labels[a]!, this.labels[b]!);
  }

  private grow(): void {
    const size = this.u.length * 2;
    for (const key of ["u", "r", "l"] as const) {
      const next = new Int32Array(size);
      next.set(this[key]);
      this[key] = next;
    }
  }
}

function checkDuplicates(c: CodedRatings): void {
  const width = c.raters.length;
  const cells = c.units.length * width;
  // A byte per (unit, rater) cell is cheap up to 64 MB; beyond that fall back to a Set.
  const seen = cells <= 1 << 26 ? new Uint8Array(cells) : null;
  const seenSet = seen ? null : new Set<number>();
  for (let i = 0; i < c.unit.length; i++) {
    const key = c.unit[i]! * width + c.rater[i]!;
    const dup = seen ? seen[key] === 1 : seenSet!.has(key);
    if (dup) {
      let first = 0;
      while (c.unit[first] !== c.unit[i] || c.rater[first] !== c.rater[i]) first++;
      throw new DuplicateRatingError(i, first, c.units[c.unit[i]!]!, c.raters[c.rater[i]!]!);
    }
    if (seen) seen[key] = 1;
    else seenSet!.add(key);
  }
}

/** Codes a list of ratings; throws DuplicateRatingError if a rater rated a unit twice (unless `repeats`). */
export function encodeRatings(ratings: readonly Rating[], categories: readonly Label[] = [], options: EncodeOptions = {}): CodedRatings {
  const enc = new RatingsEncoder(categories, options);
  for (const r of ratings) enc.add(r.unit, r.rater, r.label);
  return enc.finish();
}
