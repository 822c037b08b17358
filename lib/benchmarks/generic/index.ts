import { hasKeys } from "@/lib/benchmarks/text";
import type { Adapter } from "@/lib/benchmarks/types";
import { toItems } from "@/lib/benchmarks/generic/parse";
import { genericRecord, type GenericRecord } from "@/lib/benchmarks/generic/schema";

export { genericScoring as scoring } from "@/lib/benchmarks/generic/scoring";

export const generic: Adapter<GenericRecord> = {
  name: "generic",
  label: "Generic (Sally JSON Lines)",
  containers: ["jsonl", "json_array"],
  recordSchema: genericRecord,
  looksLike: (value) => hasKeys(value, ["id", "context", "questions"]),
  toItems: (record) => toItems(record),
  mainTag: "question_type",
  license: { id: "unknown", note: "A generic file says nothing of its licence: set it with `sally import --license` or the dataset API." },
};
