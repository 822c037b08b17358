import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// Real benchmark samples live next to the repository and are never copied into it.
export const SHARED_DATASETS = path.resolve(import.meta.dirname, "../../../shared/datasets");
export const TOMATO_SAMPLE = path.join(SHARED_DATASETS, "tomato", "tomato_fb.json.sample");
export const FANTOM_SAMPLE = path.join(SHARED_DATASETS, "fantom", "fantom_v1.json.sample");
export const SAMPLES_ABSENT = "../shared/datasets is absent";

export const hasSample = (file: string) => existsSync(file);

export interface TomatoRecord {
  a0: string;
  a1: string;
  a2: string;
  a3: string;
  a_idx: number;
  a_str: string;
  conversation: string;
  q: string;
  q_id: string;
  [key: string]: unknown;
}

export function tomatoRecords(): TomatoRecord[] {
  return JSON.parse(readFileSync(TOMATO_SAMPLE, "utf8")) as TomatoRecord[];
}

/** The scenario id the importer tags each ToMATO question with (the 5-character q_id segment). */
export function tomatoScenario(record: TomatoRecord): string {
  return record.q_id.split("_").findLast((p) => /^[A-Z0-9]{5}$/.test(p)) ?? record.q_id;
}

/** A scenario with exactly one question in the sample: a tag filter on it makes a one-unit study. */
export function singleQuestionScenario(): { scenario: string; record: TomatoRecord } {
  const records = tomatoRecords();
  const counts = new Map<string, number>();
  for (const r of records) counts.set(tomatoScenario(r), (counts.get(tomatoScenario(r)) ?? 0) + 1);
  const record = records.find((r) => counts.get(tomatoScenario(r)) === 1);
  if (!record) throw new Error("the ToMATO sample has no scenario with a single question");
  return { scenario: tomatoScenario(record), record };
}
