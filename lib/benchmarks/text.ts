import type { ContextView, Turn } from "@/lib/benchmarks/types";

/**
 * A problem an adapter finds while turning a valid-looking record into items (an empty
 * conversation, an answer that cannot be scored). validate.ts turns it into an ImportIssue.
 */
export class RecordIssueError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(message);
    this.name = "RecordIssueError";
    this.path = path;
  }
}

// A speaker label is short and is not itself a sentence: "Sara", "Liam Johnson", "Dr. Kim".
const SPEAKER = /^([^\n":]{1,60}): /;

/**
 * Parses "Name: utterance" lines into turns, splitting on the first ": ". A line without a speaker
 * prefix continues the previous turn (joined with a newline); if it comes first, it becomes a turn
 * with an empty speaker. Blank lines are dropped. With stripQuotes, an utterance wrapped in double
 * quotes (ToMATO) loses them; one without quotes is kept as it is.
 */
export function parseSpeakerLines(text: string, opts: { stripQuotes?: boolean } = {}): Turn[] {
  const turns: Turn[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const match = SPEAKER.exec(line);
    if (match) {
      const body = line.slice(match[0].length);
      turns.push({ speaker: match[1]!.trim(), text: opts.stripQuotes ? unquote(body) : body });
    } else if (turns.length) {
      const last = turns[turns.length - 1]!;
      last.text += "\n" + (opts.stripQuotes ? unquote(line) : line);
    } else {
      turns.push({ speaker: "", text: opts.stripQuotes ? unquote(line) : line });
    }
  }
  return turns;
}

function unquote(s: string): string {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : s;
}

/** Speakers in order of first appearance. */
export function speakersOf(turns: readonly Turn[]): string[] {
  const seen = new Set<string>();
  for (const t of turns) if (t.speaker) seen.add(t.speaker);
  return [...seen];
}

export function conversation(turns: Turn[]): ContextView {
  return { type: "conversation", turns };
}

/** A passage view: paragraphs split on line breaks, blank ones dropped. */
export function passage(text: string): ContextView {
  return { type: "passage", paragraphs: text.split(/\r?\n/).map((p) => p.trim()).filter((p) => p !== "") };
}

/** A cheap shape test for looksLike: a plain object holding every key. */
export function hasKeys(value: unknown, keys: readonly string[]): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && keys.every((k) => k in value);
}
