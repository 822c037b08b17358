import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// A CharToM-QA file written by the tests: four books, a few questions each, with windows c0,
// c1000 and c2000 whose longer ones carry a REVEAL-<n> marker (to catch a stage-2 leak).

export const BOOKS = ["Emma by Jane Austen", "Persuasion by Jane Austen", "Middlemarch by George Eliot", "Ulysses by James Joyce"];
export const PER_BOOK = 6;

export interface Rec { question: string; answer: string; book: string; n: number }

export function writeChartom(): { file: string; records: Rec[] } {
  const records: Rec[] = [];
  const lines = BOOKS.flatMap((book, b) =>
    Array.from({ length: PER_BOOK }, (_, i) => {
      const n = b * PER_BOOK + i;
      const rec = { question: `Why does character ${n} act so in ${book}?`, answer: `Because of reason ${n}.`, book, n };
      records.push(rec);
      return JSON.stringify({
        book_name: book, tom_dimension: ["belief", "intention", "emotion", "desire"][n % 4], question: rec.question, answer: rec.answer,
        context_0: `Short window of item ${n}.`, context_1000: `Middle window of item ${n}. REVEAL-${n}`, context_2000: `Long window of item ${n}. REVEAL-${n}`,
        bonus_points: [`reason ${n}`], misleading_choices: [`Not ${n} a.`, `Not ${n} b.`, `Not ${n} c.`],
      });
    }),
  );
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "chartom-")), "chartom.jsonl");
  writeFileSync(file, lines.join("\n") + "\n");
  return { file, records };
}
