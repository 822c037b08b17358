import { createHash } from "node:crypto";
import { passage } from "@/lib/benchmarks/text";
import type { ExploretomRecord } from "@/lib/benchmarks/exploretom/schema";
import type { ParsedRecord, QuestionInput, TagValue } from "@/lib/benchmarks/types";

/**
 * qprop=params is a Python tuple written as text: "(['Maya'], 'jar of honey', 'container_location-False')".
 * Its last element is the relation type with "-True"/"-False" appended by the generator
 * (world state == belief), so "-False" marks a false-belief question.
 */
export function relationOf(params: string): { relation_type: string | null; belief: "true" | "false" | null } {
  const last = /['"]([^'"]*)['"]\s*\)?\s*$/.exec(params.trim());
  if (!last) return { relation_type: null, belief: null };
  const m = /^(.*)-(True|False)$/.exec(last[1]!);
  if (!m) return { relation_type: last[1]!, belief: null };
  return { relation_type: m[1]!, belief: m[2] === "True" ? "true" : "false" };
}

/** "True"/"False" → boolean, numbers → number, "" → null, anything else stays text. */
export function typedCell(cell: string): TagValue {
  const t = cell.trim();
  if (t === "") return null;
  if (/^true$/i.test(t)) return true;
  if (/^false$/i.test(t)) return false;
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(t)) return Number(t);
  return cell;
}

export function toItems(record: ExploretomRecord, index: number): ParsedRecord {
  const answer = record.expected_answer.trim();
  const yesNo = /^(yes|no)$/i.test(answer);
  const { relation_type, belief } = relationOf(record["qprop=params"]);
  const tags: Record<string, TagValue> = {
    nth_order: record["qprop=nth_order"],
    non_unique_mental_state: record["qprop=non_unique_mental_state"],
    belief,
    relation_type,
  };
  for (const [key, cell] of Object.entries(record)) {
    if ((key.startsWith("sprop=") || key.startsWith("param=")) && typeof cell === "string") tags[key] = typedCell(cell);
  }
  const globalIdx = record["sprop=global_idx"];
  const story = typeof globalIdx === "string" && globalIdx.trim() !== "" ? globalIdx.trim() : storyHash(record.story_structure);
  const question: QuestionInput = yesNo
    ? {
        context: 0,
        kind: "yes_no",
        prompt: record.question,
        gold: answer === answer.toLowerCase() ? { kind: "yes_no", value: answer as "yes" | "no" } : { kind: "yes_no", value: answer.toLowerCase() as "yes" | "no", raw: answer },
        scoring: { type: "yes_no" },
        tags,
        groupKeys: { story },
        position: 0,
      }
    : { context: 0, kind: "short_text", prompt: record.question, gold: { kind: "short_text", value: answer }, scoring: { type: "normalized_text" }, tags, groupKeys: { story }, position: 0 };
  return {
    sourceId: `row-${index}`,
    contexts: [
      {
        views: { structure: passage(record.story_structure), infilled: passage(record.infilled_story) },
        // a row whose infilling is missing still shows its structure
        defaultView: record.infilled_story.trim() ? "infilled" : "structure",
        title: `Story ${story}`,
      },
    ],
    questions: [question],
  };
}

function storyHash(text: string): string {
  return "sha1:" + createHash("sha1").update(text).digest("hex").slice(0, 12);
}
