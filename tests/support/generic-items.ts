import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A generic-format dataset of `count` one-question items (three options, the answer rotating), as a file. */
export function writeItems(count: number): string {
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      id: `item-${i}`,
      context: { type: "passage", paragraphs: [`Ana hides the key ${i} and leaves.`] },
      questions: [{ kind: "single_choice", prompt: `Where will Ana look for key ${i}?`, options: ["pot", "drawer", "box"], answer: i % 3 }],
    }),
  );
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "items-")), "items.jsonl");
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}
