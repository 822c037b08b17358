import type { Gold, QuestionKind } from "@/lib/benchmarks/types";
import type { Check as WireCheck } from "@/lib/designs/types";
import type { ValidationConfig } from "@/lib/designs/validation/config";

// The checks one unit asks, as flat keyed items: every check has categorical answers, so
// voting, agreement and adjudication work the same way for all of them.
export type CheckKind = "flag" | "label" | "marked" | "other_option" | "reference" | "broken";

export interface CheckOption {
  value: string;
  label: string;
  description?: string;
}

export interface Check {
  key: string;
  kind: CheckKind;
  prompt: string;
  options: CheckOption[];
  questionId?: string;
  /** the question an answer-key check is about */
  questionPrompt?: string;
  /** the text being verified (the marked answer, an option, the reference answer) */
  subject?: string;
}

const SUBJECT_LABEL: Partial<Record<CheckKind, string>> = {
  marked: "Marked answer",
  other_option: "Option",
  reference: "Reference answer",
};

/** A check as the participant's browser receives it. */
export function wireCheck(c: Check): WireCheck {
  const out: WireCheck = { key: c.key, kind: c.kind, prompt: c.prompt, options: c.options };
  if (c.questionId) out.questionId = c.questionId;
  if (c.subject !== undefined) out.subject = c.subject;
  const label = SUBJECT_LABEL[c.kind];
  if (label) out.subjectLabel = label;
  return out;
}

/** The option indexes an answer-key check marks as the key's, for showing them marked. */
export function markedIndexes(q: UnitQuestion): number[] {
  return [...markedOptions(q)].sort((a, b) => a - b);
}

export interface UnitQuestion {
  id: string;
  kind: QuestionKind;
  prompt: string;
  options: string[] | null;
  gold: Gold;
}

const YES_NO: CheckOption[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

export function unitChecks(config: ValidationConfig, questions: UnitQuestion[]): Check[] {
  const checks: Check[] = [];
  for (const flag of config.contextChecks?.flags ?? []) {
    checks.push({ key: `flag:${flag.key}`, kind: "flag", prompt: `${flag.label}?`, options: YES_NO, subject: flag.description });
  }
  if (config.labelJudgement) {
    checks.push({
      key: "label",
      kind: "label",
      prompt: config.labelJudgement.prompt,
      options: config.labelJudgement.labels.map((l) => ({ value: l.key, label: l.label, description: l.description })),
    });
  }
  if (config.answerKey) for (const q of questions) checks.push(...answerKeyChecks(q));
  return checks;
}

function answerKeyChecks(q: UnitQuestion): Check[] {
  const base = { questionId: q.id, questionPrompt: q.prompt, options: YES_NO };
  const out: Check[] = [];
  if ((q.kind === "single_choice" || q.kind === "multi_select") && q.options) {
    const marked = markedOptions(q);
    q.options.forEach((option, i) => {
      out.push(
        marked.has(i)
          ? { ...base, key: `q:${q.id}:opt:${i}`, kind: "marked", prompt: "Is the marked answer correct?", subject: option }
          : { ...base, key: `q:${q.id}:opt:${i}`, kind: "other_option", prompt: "Is this option incorrect?", subject: option },
      );
    });
  } else {
    out.push({ ...base, key: `q:${q.id}:reference`, kind: "reference", prompt: "Is the reference answer correct?", subject: referenceText(q.gold) });
  }
  out.push({ ...base, key: `q:${q.id}:broken`, kind: "broken", prompt: "Is this question broken or ambiguous?" });
  return out;
}

function markedOptions(q: UnitQuestion): Set<number> {
  if (q.gold.kind === "single_choice") return new Set([q.gold.index]);
  if (q.gold.kind === "multi_select") {
    const values = new Set(q.gold.values);
    return new Set((q.options ?? []).flatMap((o, i) => (values.has(o) ? [i] : [])));
  }
  return new Set();
}

export function referenceText(gold: Gold): string {
  switch (gold.kind) {
    case "yes_no":
      return gold.value;
    case "numeric":
      return "unanswerable" in gold ? "Unanswerable" : String(gold.value);
    case "short_text":
      return gold.value;
    case "free_text":
      return gold.reference;
    case "multi_select":
      return gold.values.join(", ");
    case "single_choice":
      return String(gold.index);
  }
}

/** The answer that keeps the item: "no" for a flag, a label that does not reject, the passing answer otherwise. */
export function keepingAnswer(check: Check): string | null {
  if (check.kind === "flag") return "no";
  if (check.kind === "label") return null;
  return passingAnswer(check.kind);
}

/** The answer that counts as "this check passes" for questions; flags and labels decide differently. */
export function passingAnswer(kind: CheckKind): string | null {
  switch (kind) {
    case "marked":
    case "other_option":
    case "reference":
      return "yes";
    case "broken":
      return "no";
    default:
      return null;
  }
}
