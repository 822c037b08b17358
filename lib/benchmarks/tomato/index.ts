import { hasKeys } from "@/lib/benchmarks/text";
import type { Adapter } from "@/lib/benchmarks/types";
import { toItems } from "@/lib/benchmarks/tomato/parse";
import { tomatoRecord, type TomatoRecord } from "@/lib/benchmarks/tomato/schema";

export { tomatoScoring as scoring } from "@/lib/benchmarks/tomato/scoring";

export const tomato: Adapter<TomatoRecord> = {
  name: "tomato",
  label: "ToMATO",
  containers: ["json_array", "jsonl"],
  recordSchema: tomatoRecord,
  looksLike: (value) => hasKeys(value, ["a_idx", "q_id"]) || hasKeys(value, ["a0", "a1", "a2", "a3", "conversation"]),
  toItems: (record) => toItems(record),
  mainTag: "mental_state",
  license: { id: "llama3", note: "The dataset files are under the META LLAMA 3 COMMUNITY LICENSE, which asks every copy to carry this notice: \"Meta Llama 3 is licensed under the Meta Llama 3 Community License, Copyright © Meta Platforms, Inc. All Rights Reserved.\" The authors ask for evaluation use only, not fine-tuning." },
};
