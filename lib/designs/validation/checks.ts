import type { Gold, QuestionKind } from "@/lib/benchmarks/types";
import type { Check as WireCheck } from "@/lib/designs/types";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { optionLetter } from "@/lib/option-letter";

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
  /** answer-key rows: the option the row is about (its text is shown once, in the question) */
  optionIndex?: number;
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
  if (c.optionIndex !== undefined) {
    // the option's text is in the question already: the row only points at it
    out.optionIndex = c.optionIndex;
    return out;
  }
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

// Every check's options are labelled by what they mean, and the first one (key 1) always keeps
// the item, whatever the check asks: pressing 1 throughout never rejects anything by accident.
// The stored values keep their round-1 meaning ("yes" = flagged, the option is incorrect, ...).
const CORRECT_FIRST: CheckOption[] = [
  { value: "yes", label: "Correct" },
  { value: "no", label: "Wrong" },
];
const WRONG_FIRST: CheckOption[] = [
  { value: "yes", label: "Wrong" },
  { value: "no", label: "Correct" },
];
const FINE_FIRST = (flagged: string): CheckOption[] => [
  { value: "no", label: "Fine" },
  { value: "yes", label: flagged },
];
const BROKEN_OPTIONS = FINE_FIRST("Broken");

/** A flag's name without its explanation in brackets: "Unsafe (unethical, …)" → "Unsafe". */
const shortName = (label: string) => label.replace(/\s*\(.*\)\s*$/, "").trim() || label;

export function unitChecks(config: ValidationConfig, questions: UnitQuestion[]): Check[] {
  const checks = [...contextChecks(config)];
  if (config.answerKey) for (const q of questions) answerKeyChecks(q, checks);
  return checks;
}

// The flags and the label judgement are the same for every unit of a study: made once per config
// (a results page asks for 50,000 units' checks) and frozen, since every unit shares them.
const contextChecksOf = new WeakMap<ValidationConfig, readonly Check[]>();

function contextChecks(config: ValidationConfig): readonly Check[] {
  const cached = contextChecksOf.get(config);
  if (cached) return cached;
  const checks: Check[] = [];
  for (const flag of config.contextChecks?.flags ?? []) {
    checks.push({ key: `flag:${flag.key}`, kind: "flag", prompt: `${flag.label}?`, options: FINE_FIRST(shortName(flag.label)), subject: flag.description });
  }
  if (config.labelJudgement) {
    // labels that keep the item first, each group in the researcher's order
    const labels = [...config.labelJudgement.labels].sort((a, b) => Number(a.rejects) - Number(b.rejects));
    checks.push({
      key: "label",
      kind: "label",
      prompt: config.labelJudgement.prompt,
      options: labels.map((l) => ({ value: l.key, label: l.label, description: l.description })),
    });
  }
  const frozen = Object.freeze(checks.map((c) => Object.freeze(c)));
  contextChecksOf.set(config, frozen);
  return frozen;
}

// One row per option, asked once per question: the option's text is shown once, in the question,
// and each row says whether the key is right about that option (the marked answer correct, the
// others wrong). A reference answer is judged correct or wrong; the question itself fine or broken.
// Rows are object literals (no spread of a shared base): this runs for every question of a study.
function answerKeyChecks(q: UnitQuestion, out: Check[]): void {
  const questionId = q.id;
  const questionPrompt = q.prompt;
  if ((q.kind === "single_choice" || q.kind === "multi_select") && q.options) {
    const marked = markedOptions(q);
    for (let i = 0; i < q.options.length; i++) {
      const letter = optionLetter(i);
      const key = `q:${questionId}:opt:${i}`;
      const subject = q.options[i]!;
      out.push(
        marked.has(i)
          ? { questionId, questionPrompt, key, kind: "marked", prompt: `Option ${letter}, the marked answer: is it correct?`, options: CORRECT_FIRST, subject, optionIndex: i }
          : { questionId, questionPrompt, key, kind: "other_option", prompt: `Option ${letter}: is it wrong?`, options: WRONG_FIRST, subject, optionIndex: i },
      );
    }
  } else {
    out.push({ questionId, questionPrompt, key: `q:${questionId}:reference`, kind: "reference", prompt: "Is the reference answer correct?", options: CORRECT_FIRST, subject: referenceText(q.gold) });
  }
  out.push({ questionId, questionPrompt, key: `q:${questionId}:broken`, kind: "broken", prompt: "Is this question fine, or broken or ambiguous?", options: BROKEN_OPTIONS });
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
