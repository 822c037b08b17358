import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// A small CharToM-QA file written by the e2e specs (records of our own, in the benchmark's
// format): one question per book, a short window (c0) and a longer one (c2000) that carries a
// REVEAL marker, so a spec can tell which window the page shows.

export const BOOKS = ["Emma by Jane Austen", "Persuasion by Jane Austen"] as const;

export interface ChartomItem {
  book: (typeof BOOKS)[number];
  question: string;
  answer: string;
  wrong: string[];
  short: string;
  long: string;
}

export const ITEMS: ChartomItem[] = BOOKS.map((book, n) => ({
  book,
  question: `Why does the heroine of ${book.split(" by ")[0]} hesitate at the dance?`,
  answer: `She fears being misread (${n}).`,
  wrong: [`She is tired (${n}).`, `She dislikes music (${n}).`, `She has lost her shoe (${n}).`],
  short: `The short window of ${book}: the heroine stands at the edge of the room.`,
  long: `The longer window of ${book}: she recalls an old slight. REVEAL-${n}`,
}));

/** Writes the file and returns its path (a fresh temporary folder each call). */
export function writeChartomFile(): string {
  const lines = ITEMS.map((item, n) =>
    JSON.stringify({
      book_name: item.book,
      tom_dimension: ["belief", "emotion"][n % 2],
      question: item.question,
      answer: item.answer,
      context_0: item.short,
      context_1000: item.long,
      context_2000: item.long,
      bonus_points: [`misread ${n}`],
      misleading_choices: item.wrong,
    }),
  );
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "chartom-e2e-")), "chartom.jsonl");
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}
