import type { Gold } from "@/lib/benchmarks/types";
import type { StoredQuestion } from "@/lib/datasets/questions";
import type { Queryable } from "@/lib/db/queryable";

// What an expert sees of a question beside its prompt: the gold answer in words, and the
// benchmark's reasoning where the source record has one. DIAMONDs keeps its worked solutions
// (solution_gpt, solution_claude) in the record, not on the question, so they are read from the
// stored source record; the first field of `fields` that holds text is shown.

export function referenceText(gold: Gold, options: string[] | null): string {
  switch (gold.kind) {
    case "yes_no":
      return gold.value;
    case "numeric":
      return "unanswerable" in gold ? "Cannot be determined (underspecified)" : String(gold.value);
    case "short_text":
      return gold.value;
    case "free_text":
      return gold.reference;
    case "multi_select":
      return gold.values.length ? gold.values.join(", ") : "(none)";
    case "single_choice":
      return options?.[gold.index] ?? String(gold.index);
  }
}

/** The reasoning text per question id, for questions whose source record has one of `fields`. */
export async function reasoningOf(client: Queryable, datasetId: string, questions: Pick<StoredQuestion, "id" | "recordIndex">[], fields: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (fields.length === 0 || questions.length === 0) return out;
  const indexes = [...new Set(questions.map((q) => q.recordIndex))];
  const { rows } = await client.query<{ index: number; raw: string }>(
    `SELECT index, raw FROM "SourceRecord" WHERE "datasetId" = $1 AND index = ANY($2::int[])`,
    [datasetId, indexes],
  );
  const byIndex = new Map(rows.map((r) => [r.index, pickField(r.raw, fields)]));
  for (const q of questions) {
    const text = byIndex.get(q.recordIndex);
    if (text) out.set(q.id, text);
  }
  return out;
}

/** The first field holding non-empty text, when the raw record is a JSON object (CSV rows are not). */
export function pickField(raw: string, fields: string[]): string | null {
  let record: unknown;
  try {
    record = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!record || typeof record !== "object" || Array.isArray(record)) return null;
  for (const f of fields) {
    const v = (record as Record<string, unknown>)[f];
    if (typeof v === "string" && v.trim()) return v;
  }
  return null;
}
