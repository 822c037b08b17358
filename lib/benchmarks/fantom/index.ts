import { hasKeys } from "@/lib/benchmarks/text";
import type { Adapter } from "@/lib/benchmarks/types";
import { toItems } from "@/lib/benchmarks/fantom/parse";
import { fantomRecord, type FantomRecord } from "@/lib/benchmarks/fantom/schema";

export { fantomScoring as scoring } from "@/lib/benchmarks/fantom/scoring";

export const fantom: Adapter<FantomRecord> = {
  name: "fantom",
  label: "FANToM",
  containers: ["json_array", "jsonl"],
  recordSchema: fantomRecord,
  looksLike: (value) => hasKeys(value, ["set_id", "factQA"]) || hasKeys(value, ["full_context", "short_context", "beliefQAs"]),
  toItems: (record) => toItems(record),
  mainTag: "question_family",
  license: { id: "mit", note: "The licence file of the authors' repository is MIT (it holds the code); the authors ask that the samples be used for evaluation only. No separate data licence is stated." },
};
