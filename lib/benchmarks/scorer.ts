import { isUnanswerable, normalizeYesNo, scoreAnswer, UNANSWERABLE, type ScorableQuestion } from "@/lib/benchmarks/score";
import type { AnswerScore } from "@/lib/benchmarks/scoring";
import type { QuestionKind } from "@/lib/benchmarks/types";
import { letters, optionIndex, readChoice, readNames, readNumber, readYesNo } from "@/lib/benchmarks/answer-text";

// Building blocks for the benchmarks' scorers: an answer as the scored-responses CSV shows it,
// the generic rules (lib/benchmarks/score.ts) as an AnswerScore, and a raw model answer read by
// the question's kind.

/** The answer as read, by kind: an option label, "Alice|Bob", "yes", "1250", "unanswerable", the
 *  text; "" when the answer does not have the kind's shape. `labels` names the options
 *  (default a, b, c, …). */
function normalizedOf(question: Pick<ScorableQuestion, "kind" | "options">, answer: unknown, labels?: readonly string[]): string {
  switch (question.kind) {
    case "single_choice": {
      const names = labels ?? letters(question.options?.length ?? 0);
      return typeof answer === "number" && Number.isInteger(answer) && answer >= 0 && answer < names.length ? names[answer]! : "";
    }
    case "multi_select":
      return Array.isArray(answer) && answer.every((a) => typeof a === "string") ? answer.join("|") : "";
    case "yes_no":
      return normalizeYesNo(answer) ?? "";
    case "numeric":
      if (answer !== undefined && isUnanswerable(answer)) return UNANSWERABLE;
      return typeof answer === "number" && Number.isFinite(answer) ? String(answer) : "";
    case "short_text":
    case "free_text":
      return typeof answer === "string" ? answer.trim() : "";
  }
}

/** The question's generic rule (exact option, set match, yes/no, numeric, normalized text;
 *  free text unscored) as an AnswerScore. */
export function plainScore(question: ScorableQuestion, answer: unknown, labels?: readonly string[]): AnswerScore {
  const s = scoreAnswer(question, answer);
  return { correct: s.scored ? s.correct : null, normalized: normalizedOf(question, answer, labels) };
}

/** A raw model answer in the participant shape of the question's kind; null when unreadable. */
export function parseByKind(question: { kind: QuestionKind; options?: string[] }, raw: unknown): unknown | null {
  const options = question.options ?? [];
  switch (question.kind) {
    case "single_choice": {
      const index = optionIndex(raw, options);
      if (index !== null) return index;
      return typeof raw === "string" ? readChoice(raw, options, letters(options.length)) : null;
    }
    case "multi_select":
      return readNames(raw, options);
    case "yes_no":
      return readYesNo(raw);
    case "numeric": {
      if (raw === null) return UNANSWERABLE;
      if (typeof raw === "number") return Number.isFinite(raw) ? raw : null;
      if (typeof raw !== "string") return null;
      const reading = readNumber(raw);
      if (reading === null) return null;
      return "value" in reading ? reading.value : UNANSWERABLE;
    }
    case "short_text":
    case "free_text":
      return typeof raw === "string" ? raw.trim() : null;
  }
}
