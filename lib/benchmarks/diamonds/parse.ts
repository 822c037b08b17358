import { parseAnswer } from "@/lib/benchmarks/diamonds/answer";
import type { DiamondsRecord } from "@/lib/benchmarks/diamonds/schema";
import { passage, RecordIssueError } from "@/lib/benchmarks/text";
import type { FileInfo, Gold, ParsedRecord, Turn } from "@/lib/benchmarks/types";

export type Variant = "base" | "distractor" | "underspecified";

/** From the released file names: base-conv-QA, distr-conv-QA, underspec-conv-QA. */
export function variantOf(fileName: string): Variant | null {
  const base = fileName.split(/[\\/]/).pop()!.toLowerCase();
  if (base.startsWith("base-")) return "base";
  if (base.startsWith("distr-")) return "distractor";
  if (base.startsWith("underspec-")) return "underspecified";
  return null;
}

export function sourceIdOf(record: DiamondsRecord): string {
  return `${record.id}|${record.qa_type}|${record.participant}|${record.data_type ?? ""}`;
}

/**
 * The paper (§3, §5.2) calls a participant-centric question a false-belief case when the
 * participant "miss[es] critical information updates" while absent. The data has no such flag;
 * the closest signal is conv_access_grp: the group holding the pseudo-participant "Oracle" saw the
 * whole conversation, so a participant outside it missed part of it. We tag that as false_belief
 * = true. It is an approximation: the missed part may not bear on the question. Omniscient
 * (Oracle) questions get null.
 */
export function falseBeliefOf(record: DiamondsRecord): boolean | null {
  if (record.participant === "Oracle") return null;
  const group = record.conv_access_grp.find((g) => g.includes(record.participant));
  return group ? !group.includes("Oracle") : null;
}

export function toItems(record: DiamondsRecord, file: FileInfo): ParsedRecord {
  const turns: Turn[] = [];
  record.conversation.conversation.forEach((segment, index) => {
    for (const utterance of segment) for (const [speaker, text] of Object.entries(utterance)) turns.push({ speaker, text, segment: index });
  });
  const answer = parseAnswer(record.answer);
  if ("error" in answer) throw new RecordIssueError("answer", answer.error);
  const gold: Gold = "value" in answer ? { kind: "numeric", value: answer.value } : { kind: "numeric", unanswerable: true };
  const perspective = record.participant === "Oracle" ? "omniscient" : "participant";
  return {
    sourceId: sourceIdOf(record),
    contexts: [
      {
        views: { conversation: { type: "conversation", turns }, script: passage(record.script) },
        defaultView: "conversation",
        title: `Scenario ${record.id}`,
      },
    ],
    questions: [
      {
        context: 0,
        kind: "numeric",
        prompt: record.final_question,
        gold,
        scoring: { type: "numeric", relTol: 0.02, allowUnanswerable: true },
        tags: {
          participant: record.participant,
          perspective,
          false_belief: falseBeliefOf(record),
          conv_access_grp: JSON.stringify(record.conv_access_grp),
          qa_type: record.qa_type,
          data_type: record.data_type ?? null,
          variant: variantOf(file.name),
        },
        groupKeys: { scenario: record.id },
        position: 0,
      },
    ],
  };
}
