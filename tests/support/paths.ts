import { existsSync } from "node:fs";
import path from "node:path";

// The real benchmark samples live beside the repo (never copied into it). CI always has them.
export const SHARED_DATASETS = path.resolve(import.meta.dirname, "../../../shared/datasets");
export const HAS_SHARED = existsSync(SHARED_DATASETS);
if (!HAS_SHARED) console.warn(`note: ${SHARED_DATASETS} is absent; tests of the real benchmark samples are skipped`);

export const sample = (rel: string) => path.join(SHARED_DATASETS, rel);
export const fixture = (rel: string) => path.resolve(import.meta.dirname, "../fixtures", rel);

export const REAL_SAMPLES = [
  { benchmark: "fantom", file: "fantom/fantom_v1.json.sample", records: 4, questions: 70 },
  { benchmark: "tomato", file: "tomato/tomato_fb.json.sample", records: 656, questions: 656, contexts: 343 },
  { benchmark: "diamonds", file: "diamonds/underspec-conv-QA.jsonl.sample", records: 313, questions: 313 },
  { benchmark: "exploretom", file: "exploretom/exploretom-format-fixture.csv", records: 9, questions: 9 },
  { benchmark: "chartom", file: "chartom-qa/chartom-format-fixture.jsonl", records: 3, questions: 6 },
] as const;
