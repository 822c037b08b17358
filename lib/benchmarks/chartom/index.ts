import { hasKeys } from "@/lib/benchmarks/text";
import type { Adapter } from "@/lib/benchmarks/types";
import { toItems } from "@/lib/benchmarks/chartom/parse";
import { chartomRecord, type ChartomRecord } from "@/lib/benchmarks/chartom/schema";

export { chartomScoring as scoring } from "@/lib/benchmarks/chartom/scoring";

export const chartom: Adapter<ChartomRecord> = {
  name: "chartom",
  label: "CharToM-QA",
  containers: ["parquet", "jsonl", "json_array"],
  recordSchema: chartomRecord,
  looksLike: (value) => hasKeys(value, ["book_name", "tom_dimension"]) || hasKeys(value, ["context_0", "misleading_choices"]),
  toItems: (record, index) => toItems(record, index),
  mainTag: "dimension",
  license: { id: "apache-2.0" },
};
