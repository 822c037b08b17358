import { hasKeys } from "@/lib/benchmarks/text";
import type { Adapter } from "@/lib/benchmarks/types";
import { toItems } from "@/lib/benchmarks/diamonds/parse";
import { diamondsRecord, type DiamondsRecord } from "@/lib/benchmarks/diamonds/schema";

export { diamondsScoring as scoring } from "@/lib/benchmarks/diamonds/scoring";

export const diamonds: Adapter<DiamondsRecord> = {
  name: "diamonds",
  label: "DIAMONDs",
  // the released .jsonl files are really one JSON array; true JSON Lines is accepted too
  containers: ["json_array", "jsonl"],
  recordSchema: diamondsRecord,
  looksLike: (value) => hasKeys(value, ["final_question", "conv_access_grp"]) || hasKeys(value, ["qa_type", "script", "conversation", "participant"]),
  toItems: (record, _index, file) => toItems(record, file),
  mainTag: "perspective",
  license: { id: "unknown", note: "The authors state no licence (no licence file, none in the README): ask them before publishing a copy." },
};
