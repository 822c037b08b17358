import { seededShuffle } from "@/lib/benchmarks/random";
import { conversation, parseSpeakerLines, RecordIssueError, speakersOf } from "@/lib/benchmarks/text";
import type { Gold, ParsedRecord, QuestionInput, TagValue, Turn } from "@/lib/benchmarks/types";
import type { FantomBinaryQA, FantomListQA, FantomRecord } from "@/lib/benchmarks/fantom/schema";

type Family = "fact" | "belief_dist" | "belief_choice" | "info_access_list" | "answerability_list" | "info_access_binary" | "answerability_binary";

/**
 * Question order within a set: factQA; each beliefQA as free text then as a 2-option choice;
 * the info-accessibility list, the answerability list; then every info-accessibility binary
 * and every answerability binary question.
 */
export function toItems(record: FantomRecord): ParsedRecord {
  const full = turnsOf(record.full_context, "full_context");
  const short = turnsOf(record.short_context, "short_context");
  const part = record.part_id.split("-")[1] ?? record.part_id;
  const contexts = [
    { views: { short: conversation(short), full: conversation(full) }, defaultView: "short", title: `Conversation ${record.conv_id}, part ${part}` },
  ];
  const groupKeys = { set_id: record.set_id, part_id: record.part_id, conv_id: String(record.conv_id) };
  const questions: QuestionInput[] = [];
  const add = (q: Omit<QuestionInput, "context" | "groupKeys" | "position" | "tags">, family: Family, source: { question_type: string; tom_type?: string; missed_info_accessibility?: string }, extra: Record<string, TagValue> = {}) => {
    const tags: Record<string, TagValue> = { question_type: source.question_type, question_family: family };
    if (source.tom_type !== undefined) tags.tom_type = source.tom_type;
    tags.missed_info_accessibility = source.missed_info_accessibility ?? null;
    tags.full_context_accessibility = source.missed_info_accessibility ?? null;
    tags.joining_speaker = record.joining_speaker ?? null;
    questions.push({ ...q, context: 0, groupKeys, position: questions.length, tags: { ...tags, ...extra } });
  };

  const fact = record.factQA;
  add({ kind: "free_text", prompt: fact.question, gold: { kind: "free_text", reference: fact.correct_answer, wrong: fact.wrong_answer }, scoring: { type: "reference" } }, "fact", fact);

  for (const belief of record.beliefQAs) {
    add({ kind: "free_text", prompt: belief.question, gold: { kind: "free_text", reference: belief.correct_answer, wrong: belief.wrong_answer }, scoring: { type: "reference" } }, "belief_dist", belief);
    // the official eval draws this order at run time; here it is drawn once, from the set and position
    const options = seededShuffle([belief.correct_answer, belief.wrong_answer], `${record.set_id}:${questions.length}`);
    add({ kind: "single_choice", prompt: belief.question, options, gold: { kind: "single_choice", index: options.indexOf(belief.correct_answer) }, scoring: { type: "exact_option" } }, "belief_choice", belief);
  }

  const speakers = speakersOf(full);
  for (const [list, family] of [[record.infoAccessibilityQA_list, "info_access_list"], [record.answerabilityQA_list, "answerability_list"]] as const) {
    // full_context_accessibility: where eval_fantom.py's setup_fantom files the question when
    // run on the full conversation (a list with any unaware character counts in the main score)
    const full = list.wrong_answer.length > 0 ? "inaccessible" : (list.missed_info_accessibility ?? null);
    add({ kind: "multi_select", prompt: list.question, options: characterOptions(speakers, list), gold: { kind: "multi_select", values: list.correct_answer, exclude: list.wrong_answer }, scoring: { type: "set_match" } }, family, list, { full_context_accessibility: full });
  }

  for (const [items, family] of [[record.infoAccessibilityQAs_binary, "info_access_binary"], [record.answerabilityQAs_binary, "answerability_binary"]] as const) {
    // with the full conversation every Y/N question of the family takes the first one's
    // accessibility, or "inaccessible" when any character's answer is not "yes" (setup_fantom)
    const full = items.some((i) => i.correct_answer !== "yes") ? "inaccessible" : (items[0]?.missed_info_accessibility ?? null);
    for (const item of items) add(binaryQuestion(item), family, item, { no_long: item.correct_answer === "no:long", full_context_accessibility: full });
  }
  return { sourceId: record.set_id, contexts, questions };
}

function turnsOf(text: string, field: string): Turn[] {
  const turns = parseSpeakerLines(text);
  if (!turns.length) throw new RecordIssueError(field, "the conversation is empty");
  return turns;
}

/** Speakers in order of first appearance, then any other named character, sorted. */
function characterOptions(speakers: string[], list: FantomListQA): string[] {
  const seen = new Set(speakers);
  const rest = [...new Set([...list.correct_answer, ...list.wrong_answer])].filter((n) => !seen.has(n)).sort();
  return [...speakers, ...rest];
}

function binaryQuestion(item: FantomBinaryQA): Omit<QuestionInput, "context" | "groupKeys" | "position" | "tags"> {
  const value: "yes" | "no" = item.correct_answer === "yes" ? "yes" : "no";
  const gold: Gold = item.correct_answer === value ? { kind: "yes_no", value } : { kind: "yes_no", value, raw: item.correct_answer };
  return { kind: "yes_no", prompt: item.question, gold, scoring: { type: "yes_no" } };
}
