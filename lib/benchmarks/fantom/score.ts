import type { ReportQuestion, ScoredResult } from "@/lib/benchmarks/report";
import { scoreAnswer, type Score } from "@/lib/benchmarks/score";

// FANToM scoring (Kim et al., EMNLP 2023, §3.4 and the official eval_fantom.py). Each question is
// scored by the generic rules: BeliefQ[choice] is exact_option, the list questions are set_match
// (every knower, no non-knower, no partial credit), the Y/N questions are yes_no with "no:long"
// counting as "no". FactQ and BeliefQ[dist.] are free text and not machine-scored here (the paper
// uses token F1 and embedding similarity for models; people were not asked them).

export const FANTOM_FAMILIES = [
  "fact",
  "belief_dist",
  "belief_choice",
  "answerability_list",
  "answerability_binary",
  "info_access_list",
  "info_access_binary",
] as const;
export type FantomFamily = (typeof FANTOM_FAMILIES)[number];

export const FANTOM_TYPE_LABEL: Record<FantomFamily, string> = {
  fact: "FactQ",
  belief_dist: "BeliefQ[dist.]",
  belief_choice: "BeliefQ[choice]",
  answerability_list: "AnswerabilityQ[list]",
  answerability_binary: "AnswerabilityQ[Y/N]",
  info_access_list: "InfoAccessQ[list]",
  info_access_binary: "InfoAccessQ[Y/N]",
};

function isFamily(v: unknown): v is FantomFamily {
  return typeof v === "string" && (FANTOM_FAMILIES as readonly string[]).includes(v);
}

/** The question's family: tags.question_family, else the source question_type (tom:answerability:list, ...). */
export function fantomFamily(q: Pick<ReportQuestion, "tags" | "kind">): FantomFamily | null {
  const family = q.tags.question_family;
  if (isFamily(family)) return family;
  const type = q.tags.question_type;
  if (typeof type !== "string") return null;
  if (type === "fact") return "fact";
  if (type.startsWith("tom:belief:")) return q.kind === "single_choice" || type.endsWith(":multiple-choice") ? "belief_choice" : "belief_dist";
  const [, topic, form] = type.split(":");
  const base = topic === "answerability" ? "answerability" : topic === "info_accessibility" ? "info_access" : null;
  if (!base || (form !== "list" && form !== "binary")) return null;
  return `${base}_${form}` as FantomFamily;
}

/** "inaccessible" (the FANToM score) or "accessible" (the control task); FactQ has none. */
export function fantomAccessibility(q: Pick<ReportQuestion, "tags">): "inaccessible" | "accessible" | null {
  const v = q.tags.missed_info_accessibility;
  return v === "inaccessible" || v === "accessible" ? v : null;
}

/** A Y/N question about a character absent from the whole conversation (gold "no:long"). */
export function isNoLong(q: Pick<ReportQuestion, "gold">): boolean {
  return q.gold.kind === "yes_no" && q.gold.raw === "no:long";
}

export function scoreFantom(question: ReportQuestion, answer: unknown): Score {
  return scoreAnswer(question, answer);
}

export type AllUnit = "set" | "part" | "conversation";

/** The set (or part, or conversation) a question belongs to, from its group keys or its set id "conv-part-set". */
export function fantomUnitId(q: Pick<ReportQuestion, "groupKeys" | "sourceId">, unit: AllUnit): string {
  const setId = q.groupKeys.set_id ?? q.sourceId;
  const parts = setId.split("-");
  if (unit === "set") return setId;
  if (unit === "part") return q.groupKeys.part_id ?? parts.slice(0, 2).join("-");
  return q.groupKeys.conv_id ?? parts[0]!;
}

/** "All"-style scores: per respondent and unit, right only if every scored question in it is right.
 *  Returns one boolean per (respondent, unit) that has at least one scored question. */
export function allCorrectByUnit(results: readonly ScoredResult[], unit: AllUnit): boolean[] {
  const units = new Map<string, boolean>();
  for (const r of results) {
    if (!r.score.scored) continue;
    const key = `${r.respondent ?? ""}\u0000${fantomUnitId(r.question, unit)}`;
    units.set(key, (units.get(key) ?? true) && r.score.correct);
  }
  return [...units.values()];
}
