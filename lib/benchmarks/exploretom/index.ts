import { hasKeys } from "@/lib/benchmarks/text";
import type { Adapter } from "@/lib/benchmarks/types";
import { toItems } from "@/lib/benchmarks/exploretom/parse";
import { exploretomRecord, type ExploretomRecord } from "@/lib/benchmarks/exploretom/schema";

export { exploreTomScoring as scoring } from "@/lib/benchmarks/exploretom/scoring";

export const exploretom: Adapter<ExploretomRecord> = {
  name: "exploretom",
  label: "ExploreToM",
  containers: ["csv"],
  recordSchema: exploretomRecord,
  looksLike: (value) => hasKeys(value, ["story_structure", "expected_answer"]) || hasKeys(value, ["infilled_story", "question"]),
  toItems: (record, index) => toItems(record, index),
  mainTag: "nth_order",
  license: { id: "cc-by-nc-4.0", note: "CC BY-NC 4.0: attribution, non-commercial use only." },
};
