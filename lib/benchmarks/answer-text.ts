// Readers for answers written as text (model predictions imported as raw strings). Benchmark
// scorers apply their official evaluator's rule first and fall back to these, so a rule here
// never overrides what the official script decides; where it reads a form the official script
// cannot, the scorer says so.

const ANSWER_PREFIX = /^\s*(?:(?:the\s+)?(?:final\s+|correct\s+)?answer\b(?:\s+is\b)?\s*[:=-]?|my\s+(?:answer|choice)\s+is\b\s*:?)\s*/i;

/** The text after a leading "Answer:" / "The answer is" / "Final answer:". */
function stripAnswerPrefix(text: string): string {
  return text.replace(ANSWER_PREFIX, "");
}

/** Lower case, inner whitespace collapsed, surrounding quotes and trailing punctuation dropped. */
function looseText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^["'“”‘’`]+|["'“”‘’`]+$/g, "")
    .replace(/[\s.!,;:]+$/g, "")
    .trim();
}

/** The option whose text the answer is (ignoring case, spacing, quotes, final full stop), or the
 *  only option whose text the answer contains. */
export function readOptionText(text: string, options: readonly string[]): number | null {
  const answer = looseText(stripAnswerPrefix(text));
  if (!answer) return null;
  const loose = options.map(looseText);
  const exact = loose.indexOf(answer);
  if (exact !== -1 && loose.lastIndexOf(answer) === exact) return exact;
  const contained = loose.flatMap((o, i) => (o && answer.includes(o) ? [i] : []));
  return contained.length === 1 ? contained[0]! : null;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * An option label as the whole answer ("B", "(b)", "[B]", "3", "(3)."), or leading the answer
 * and set off by a bracket or punctuation ("B. He thinks…", "(3) Vautrin…", "b) …"). A bare
 * leading letter followed by a space is not read: "A feeling of relief" is text, not option A.
 * Letters match in either case.
 */
export function readLabel(text: string, labels: readonly string[]): number | null {
  const t = stripAnswerPrefix(text.trim()).trim();
  const alternatives = labels.map(escape).join("|");
  const whole = new RegExp(`^[\\[(]?\\s*(${alternatives})\\s*[\\])]?\\s*[.:,;!)]?$`, "i");
  const leading = new RegExp(`^(?:[\\[(]\\s*(${alternatives})\\s*[\\])]|(${alternatives})\\s*[.:,;)])`, "i");
  const m = whole.exec(t) ?? leading.exec(t);
  if (!m) return null;
  const found = (m[1] ?? m[2])!.toLowerCase();
  const i = labels.findIndex((l) => l.toLowerCase() === found);
  return i === -1 ? null : i;
}

/** Option letters "a", "b", … for n options. */
export function letters(n: number): string[] {
  return Array.from({ length: n }, (_, i) => String.fromCharCode(97 + i));
}

/** A choice from text: a label (readLabel), else the option text (readOptionText). */
export function readChoice(text: string, options: readonly string[], labels: readonly string[]): number | null {
  return readLabel(text, labels) ?? readOptionText(text, options);
}

/** An answer that is already an option index in range. */
export function optionIndex(raw: unknown, options: readonly string[] | undefined): number | null {
  return typeof raw === "number" && Number.isInteger(raw) && raw >= 0 && raw < (options?.length ?? 0) ? raw : null;
}

/** "yes" / "no" from the first word ("Yes.", "no, she left", "True"), else null. */
export function readYesNo(raw: unknown): "yes" | "no" | null {
  if (typeof raw === "boolean") return raw ? "yes" : "no";
  if (typeof raw !== "string") return null;
  const word = /^[\s"'“‘(*]*([a-z]+)/i.exec(stripAnswerPrefix(raw.trim()))?.[1]?.toLowerCase();
  if (word === "yes" || word === "true") return "yes";
  if (word === "no" || word === "false") return "no";
  return null;
}

/** Options named in the text as whole words, in option order ("Alice and Bob", "Bob, Alice");
 *  "nobody" and the like name nobody. An array of strings is taken as already shaped. */
export function readNames(raw: unknown, options: readonly string[]): string[] | null {
  if (Array.isArray(raw)) return raw.every((v): v is string => typeof v === "string") ? raw : null;
  if (typeof raw !== "string") return null;
  const text = raw.normalize("NFKC");
  return options.filter((o) => o.trim() !== "" && new RegExp(`(?<![\\p{L}\\p{N}])${escape(o.trim())}(?![\\p{L}\\p{N}])`, "iu").test(text));
}

export type NumberReading = { value: number } | { unanswerable: true };

const UNANSWERABLE_WORDS = /^(n\/?a|none|null|unknown|unanswerable|not answerable|undetermined|indeterminate|cannot be determined|can ?not be determined|can't be determined|can’t be determined)$/i;
const UNANSWERABLE_PHRASE = /\b(unanswerable|not answerable|can ?not be (determined|answered|calculated|computed)|can['’]t be (determined|answered|calculated|computed)|(not|insufficient) enough information|insufficient information|not enough (information|data|details))\b/i;
// a number as the whole answer: sign, "$", thousands commas (groups of three only, so "1,5" is
// not 1.5), decimals, an exponent, a trailing "%" read as the number written
const WHOLE_NUMBER = /^([+-]?)\$?([+-]?)((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?:[eE]([+-]?\d+))?\s*%?$/;
const NUMBER_IN_TEXT = /(?<![\p{L}\p{N}.,$])([+-]?)\$?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?![\p{L}\p{N}]|[.,]\d)/gu;

function toNumber(sign: string, digits: string, exponent?: string): number {
  const n = Number(digits.replace(/,/g, "") + (exponent ? `e${exponent}` : ""));
  return sign === "-" ? -n : n;
}

/**
 * A numeric answer from text: "1250", "1,250", "$1,250.00", "-3.5", "12%"; "NA", "N/A",
 * "Unanswerable", "cannot be determined" (anywhere in the text, unless the whole answer is a
 * number); else the one number in a sentence ("The total is $1,250."). Two or more numbers in a
 * sentence are not guessed between: null.
 */
export function readNumber(raw: string): NumberReading | null {
  const text = stripAnswerPrefix(raw.normalize("NFKC").trim()).replace(/[\s.!]+$/, "").trim();
  if (UNANSWERABLE_WORDS.test(text)) return { unanswerable: true };
  const whole = WHOLE_NUMBER.exec(text);
  if (whole) return { value: toNumber(whole[1] || whole[2]!, whole[3]!, whole[4]) };
  if (UNANSWERABLE_PHRASE.test(text)) return { unanswerable: true };
  const found = [...text.matchAll(NUMBER_IN_TEXT)];
  if (found.length !== 1) return null;
  const value = toNumber(found[0]![1]!, found[0]![2]!);
  return Number.isFinite(value) ? { value } : null;
}
