import path from "node:path";
import { describe, expect, it } from "vitest";
import { readAll } from "@/lib/benchmarks/read";
import { getAdapter } from "@/lib/benchmarks/registry";
import type { BenchmarkName, Container } from "@/lib/benchmarks/types";
import { HAS_SHARED, SHARED_DATASETS } from "../../support/paths";

// The per-field caps must leave room: for every text field of every real sample, the record
// holding its longest value still passes the size caps with that value made 10 times longer.
const SAMPLES: [string, BenchmarkName, Container][] = [
  ["fantom/fantom_v1.json.sample", "fantom", "json_array"],
  ["tomato/tomato_fb.json.sample", "tomato", "json_array"],
  ["diamonds/underspec-conv-QA.jsonl.sample", "diamonds", "json_array"],
  ["exploretom/exploretom-format-fixture.csv", "exploretom", "csv"],
  ["chartom-qa/chartom-format-fixture.jsonl", "chartom", "jsonl"],
];
const MARGIN = 10;

type Path = (string | number)[];
function longestStrings(records: unknown[]): Map<string, { record: number; path: Path; length: number }> {
  const longest = new Map<string, { record: number; path: Path; length: number }>();
  const walk = (value: unknown, at: Path, record: number) => {
    if (typeof value === "string") {
      const key = at.map((p) => (typeof p === "number" ? "[]" : p)).join(".");
      if (value.length > (longest.get(key)?.length ?? -1)) longest.set(key, { record, path: at, length: value.length });
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...at, i], record));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, [...at, k], record);
  };
  records.forEach((r, i) => walk(r, [], i));
  return longest;
}

function stretched(record: unknown, at: Path): unknown {
  const copy = structuredClone(record) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = at[at.length - 1]!;
  parent[last] = String(parent[last]).repeat(MARGIN);
  return copy;
}

describe.skipIf(!HAS_SHARED)(`field caps leave a ${MARGIN}x margin over the real samples`, () => {
  it.each(SAMPLES)("%s", async (file, benchmark, container) => {
    const { records } = await readAll(path.join(SHARED_DATASETS, file), container);
    const schema = getAdapter(benchmark).recordSchema;
    for (const [field, { record, path: at, length }] of longestStrings(records.map((r) => r.value))) {
      if (length === 0) continue;
      const result = schema.safeParse(stretched(records[record]!.value, at));
      const tooBig = result.success ? [] : result.error.issues.filter((i) => i.code === "too_big");
      expect(tooBig, `${benchmark} ${field}: ${length} characters x ${MARGIN}`).toEqual([]);
    }
  });
});
