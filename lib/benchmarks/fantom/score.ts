import { letters, optionIndex, readOptionText } from "@/lib/benchmarks/answer-text";
import type { ReportQuestion } from "@/lib/benchmarks/report";
import { normalizeYesNo } from "@/lib/benchmarks/score";
import { parseByKind, plainScore } from "@/lib/benchmarks/scorer";
import type { AnswerScore, ScoringContext } from "@/lib/benchmarks/scoring";
import { binaryToInt, choiceMatches, goldToInt, namedCharacters, parseResponse, tokenF1 } from "@/lib/benchmarks/fantom/official";

// FANToM (Kim et al., EMNLP 2023) scored as the official eval_fantom.py scores it: per question
// family, the rule of lib/benchmarks/fantom/official.ts; which questions count in which context
// setting (short / full) and which belong to the main score ("inaccessible") or the control task
// ("accessible"), as its setup_fantom and run_reports decide.

export const FANTOM_FAMILIES = [
  "belief_choice",
  "belief_dist",
  "answerability_list",
  "answerability_binary",
  "info_access_list",
  "info_access_binary",
  "fact",
] as const;
export type FantomFamily = (typeof FANTOM_FAMILIES)[number];

/** The paper's labels, which are also the byType keys of the main FANToM score. */
export const FANTOM_TYPE_LABEL: Record<FantomFamily, string> = {
  belief_choice: "BeliefQ[choice]",
  belief_dist: "BeliefQ[dist.]",
  answerability_list: "AnswerabilityQ[list]",
  answerability_binary: "AnswerabilityQ[Y/N]",
  info_access_list: "InfoAccessQ[list]",
  info_access_binary: "InfoAccessQ[Y/N]",
  fact: "FactQ",
};

/**
 * eval_fantom.py reports the questions about information that was accessible to the character
 * (missed_info_accessibility "accessible") apart, as the control task (control_task_report, the
 * same metrics as the main REPORT). They get their own byType keys, the paper's label plus this
 * suffix, so they never mix into the main score; summarize() gives them a table of their own.
 * FactQ has no accessibility: eval_fantom.py reports one FactQ token F1 in both reports.
 */
export const CONTROL_SUFFIX = " (control)";

type Question = Pick<ReportQuestion, "kind" | "gold" | "scoring" | "options" | "tags">;
export type Accessibility = "inaccessible" | "accessible";

function isFamily(v: unknown): v is FantomFamily {
  return typeof v === "string" && (FANTOM_FAMILIES as readonly string[]).includes(v);
}

/** The question's family: tags.question_family, else the source question_type. */
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
  return `${base}_${form}`;
}

function isBinary(family: FantomFamily | null): boolean {
  return family === "answerability_binary" || family === "info_access_binary";
}

export function isList(family: FantomFamily | null): boolean {
  return family === "answerability_list" || family === "info_access_list";
}

/** The context setting: "full" only when the study shows the full conversation; eval_fantom.py's
 *  default (and the context's default view) is "short". */
export function settingOf(ctx: ScoringContext | undefined): "short" | "full" {
  return ctx?.view === "full" ? "full" : "short";
}

/** A Y/N question about a character absent from the whole conversation (gold "no:long"). */
function isNoLong(q: Pick<ReportQuestion, "gold" | "tags">): boolean {
  return (q.gold.kind === "yes_no" && q.gold.raw === "no:long") || q.tags.no_long === true;
}

function asAccessibility(v: unknown): Accessibility | null {
  return v === "inaccessible" || v === "accessible" ? v : null;
}

/**
 * Main score ("inaccessible") or control task ("accessible"); null for FactQ. With the full
 * conversation, setup_fantom moves a list question with any unaware character, and every Y/N
 * question of a family where some character's answer is not "yes", into "inaccessible". The
 * adapter records that as tags.full_context_accessibility (it needs the sibling Y/N questions);
 * a question imported before that tag existed is judged on its own (a list by its unaware
 * characters, a Y/N question by its own gold), which can leave a "yes" Y/N question of an
 * accessible set in the control task: re-import the dataset to fix it.
 */
export function accessibilityOf(q: Pick<ReportQuestion, "kind" | "gold" | "tags">, ctx?: ScoringContext): Accessibility | null {
  const own = asAccessibility(q.tags.missed_info_accessibility);
  if (settingOf(ctx) === "short") return own;
  const tagged = asAccessibility(q.tags.full_context_accessibility);
  if (tagged) return tagged;
  const family = fantomFamily(q);
  if (isList(family) && q.gold.kind === "multi_select" && (q.gold.exclude?.length ?? 0) > 0) return "inaccessible";
  if (isBinary(family) && q.gold.kind === "yes_no" && (q.gold.raw ?? q.gold.value) !== "yes") return "inaccessible";
  return own;
}

export function fantomTypeOf(q: Pick<ReportQuestion, "kind" | "gold" | "tags">, ctx?: ScoringContext): string {
  const family = fantomFamily(q);
  if (family === null) return q.kind;
  const label = FANTOM_TYPE_LABEL[family];
  return accessibilityOf(q, ctx) === "accessible" ? label + CONTROL_SUFFIX : label;
}

/** run_reports: with the short context, Y/N questions whose gold is "no:long" are dropped. */
export function fantomCounts(q: Pick<ReportQuestion, "kind" | "gold" | "tags">, ctx: ScoringContext): boolean {
  return !(settingOf(ctx) === "short" && isBinary(fantomFamily(q)) && isNoLong(q));
}

function goldLabel(q: Question): string {
  return q.gold.kind === "yes_no" ? (q.gold.raw ?? q.gold.value) : "";
}

/** One answer in the participant shape, by the official rule for its family. */
export function fantomScore(q: Question, answer: unknown): AnswerScore {
  const family = fantomFamily(q);
  const text = typeof answer === "string" ? answer : null;
  switch (family) {
    case "belief_choice":
      return plainScore(q, answer, letters(q.options?.length ?? 0));
    case "answerability_list":
    case "info_access_list":
      // every knower and no unaware character (gold.exclude); other names are ignored, as evaluate_list_q does
      return plainScore(q, answer);
    case "answerability_binary":
    case "info_access_binary": {
      const said = normalizeYesNo(answer);
      return { correct: said !== null && goldToInt(said) === goldToInt(goldLabel(q)), normalized: said ?? "" };
    }
    case "belief_dist": {
      if (q.gold.kind !== "free_text") return plainScore(q, answer);
      const correctF1 = tokenF1(q.gold.reference, text ?? "");
      // evaluate_belief_q compares sentence-embedding similarity (all-roberta-large-v1) to the
      // correct and the wrong belief; Sally has no embedding model, so token F1 (compute_f1, the
      // official word-overlap measure) stands in: right when strictly closer to the correct
      // answer, wrong on a tie, as the official ">=" decides for the wrong answer.
      const wrongF1 = q.gold.wrong === undefined ? 0 : tokenF1(q.gold.wrong, text ?? "");
      return { correct: text !== null && correctF1 > wrongF1, normalized: text?.trim() ?? "", graded: correctF1 };
    }
    case "fact": {
      if (q.gold.kind !== "free_text") return plainScore(q, answer);
      // evaluate_fact_q: token F1 of the lower-cased texts; a graded score, never right or wrong
      return { correct: null, normalized: text?.trim() ?? "", graded: tokenF1(q.gold.reference.toLowerCase(), (text ?? "").toLowerCase()) };
    }
    case null:
      return plainScore(q, answer);
  }
}

/** Every character a list question names: the options plus the gold knowers and unaware characters. */
function characters(q: Question): string[] {
  const names = [...(q.options ?? [])];
  if (q.gold.kind === "multi_select") names.push(...q.gold.values, ...(q.gold.exclude ?? []));
  return [...new Set(names)];
}

/**
 * A model's raw response read into the participant shape so that scoring it gives the official
 * verdict. BeliefQ[choice]: the official letter test for the correct option first (so a response
 * holding both "(a)" and "(b)" is read as the correct one, as the official test passes it), then
 * for the other option; a response with no letter at all that is one option's text is read as
 * that option, which the official script would count wrong (it reads letters only). Lists: the
 * characters whose names occur in the response (substring, any case). Y/N: map_binary_answer_to_int.
 */
export function fantomParse(q: Question, raw: unknown): unknown | null {
  const family = fantomFamily(q);
  if (family === "answerability_binary" || family === "info_access_binary") {
    if (typeof raw === "boolean") return raw ? "yes" : "no";
    if (typeof raw !== "string") return null;
    const said = binaryToInt(parseResponse(raw));
    return said === 1 ? "yes" : said === 0 ? "no" : null;
  }
  if (family === "answerability_list" || family === "info_access_list") {
    if (Array.isArray(raw)) return raw.every((v) => typeof v === "string") ? raw : null;
    return typeof raw === "string" ? namedCharacters(parseResponse(raw), characters(q)) : null;
  }
  if (family === "belief_choice") {
    const options = q.options ?? [];
    const shaped = optionIndex(raw, options);
    if (shaped !== null || typeof raw !== "string") return shaped;
    const response = parseResponse(raw);
    const names = letters(options.length);
    const gold = q.gold.kind === "single_choice" ? q.gold.index : -1;
    const order = [gold, ...names.keys()].filter((i) => i >= 0 && i < names.length);
    return order.find((i) => choiceMatches(response, names[i]!)) ?? readOptionText(response, options);
  }
  if (family === null) return parseByKind(q, raw);
  return typeof raw === "string" ? parseResponse(raw) : null;
}

