import { z } from "zod";
import type { Gold, QuestionKind, ScoringRule } from "@/lib/benchmarks/types";

// The generic scorer: one answer against one question's gold, by the question's scoring rule.
// Benchmark scorers (lib/benchmarks/<name>/scoring.ts) build on it where their official rule is
// the same; the human-baseline design validates responses with answerSchemaFor before they are
// stored, so scoring can assume the shapes below but still treats anything else (a model
// prediction that did not parse, a missing answer) as wrong.

/** How an unanswerable numeric answer is written in text (the normalized form, older stored answers). */
export const UNANSWERABLE = "unanswerable";

/** What a person's answer looks like, by question kind. */
export interface AnswerByKind {
  /** 0-based index into the question's options */
  single_choice: number;
  /** the chosen option values (e.g. character names); [] means "nobody" */
  multi_select: string[];
  yes_no: "yes" | "no";
  /** null: "can't be determined" (unanswerable); older answers stored the string "unanswerable" */
  numeric: number | null;
  short_text: string;
  free_text: string;
}
export type Answer = AnswerByKind[QuestionKind];

export type Score =
  | { scored: true; correct: boolean; score: 0 | 1; reason?: string }
  /** not machine-scored (free text with a reference): counted apart, never as wrong */
  | { scored: false; reason: string };

/** The parts of a question that scoring needs. */
export interface ScorableQuestion {
  kind: QuestionKind;
  gold: Gold;
  scoring: ScoringRule;
  options?: string[];
}

/** Longest answers people may submit, by kind. */
const TEXT_MAX = { short_text: 200, free_text: 2_000 } as const;

/** zod schema of one answer of this kind. Pass the question to also check the option range and
 *  whether "can't be determined" (null) is offered (DIAMONDs offers it on every numeric question). */
export function answerSchemaFor(kind: QuestionKind, question?: Pick<ScorableQuestion, "options" | "scoring">): z.ZodType<Answer> {
  switch (kind) {
    case "single_choice": {
      const index = z.number().int().min(0);
      const n = question?.options?.length;
      return n ? index.max(n - 1, { error: `Choose one of the ${n} options` }) : index;
    }
    case "multi_select": {
      const values = question?.options;
      const item = values?.length ? z.enum(values as [string, ...string[]]) : z.string().min(1);
      return z.array(item).refine((a) => new Set(a).size === a.length, { error: "Each option at most once" });
    }
    case "yes_no":
      return z.enum(["yes", "no"]);
    case "numeric": {
      const number = z.number().finite();
      const rule = question?.scoring;
      if (rule?.type === "numeric" && !rule.allowUnanswerable) return number;
      return number.nullable();
    }
    case "short_text":
    case "free_text":
      return z.string().trim().min(1, { error: "Write an answer" }).max(TEXT_MAX[kind], { error: `At most ${TEXT_MAX[kind]} characters` });
  }
}

const right: Score = { scored: true, correct: true, score: 1 };
function wrong(reason?: string): Score {
  return reason ? { scored: true, correct: false, score: 0, reason } : { scored: true, correct: false, score: 0 };
}
function verdict(ok: boolean): Score {
  return ok ? right : wrong();
}

/** FANToM stores "no:long" for characters absent from the whole conversation; it counts as "no".
 *  Case and surrounding punctuation are ignored ("Yes." is yes). */
export function normalizeYesNo(value: unknown): "yes" | "no" | null {
  if (typeof value !== "string") return null;
  const v = value.toLowerCase().replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "");
  if (v === "yes") return "yes";
  if (v === "no" || v === "no:long") return "no";
  return null;
}

const ARTICLES = new Set(["a", "an", "the"]);

/** Short-answer normalisation (the SQuAD convention): lower-case, drop apostrophes, turn other
 *  punctuation and symbols into spaces, drop the articles a/an/the, collapse whitespace. Matching is
 *  exact after this, so "knows about it" never matches "does not know about it". */
export function normalizeText(value: string): string {
  return value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['\u2018\u2019\u02bc]/g, "")
    .replace(/[\p{P}\p{S}]/gu, " ")
    .split(/\s+/)
    .filter((w) => w !== "" && !ARTICLES.has(w))
    .join(" ");
}

/**
 * Python's math.isclose, which DIAMONDs' accuracy code calls with rel_tol=2e-2: |a − b| within
 * relTol of the LARGER magnitude (so it is symmetric: 1250 is within 2% of 1225, because 2% of
 * 1250 is 25), or within absTol. A gold of 0 therefore needs an exact 0. Same operations as
 * CPython's, so the same doubles give the same verdict (no extra slack).
 */
export function isClose(a: number, b: number, relTol: number, absTol = 0): boolean {
  if (a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  const diff = Math.abs(b - a);
  return diff <= Math.abs(relTol * b) || diff <= Math.abs(relTol * a) || diff <= absTol;
}

/** Whether a numeric answer says "can't be determined": null, or the older string form. */
export function isUnanswerable(answer: unknown): boolean {
  return answer === null || (typeof answer === "string" && answer.trim().toLowerCase() === UNANSWERABLE);
}

function goldText(gold: Gold): string | null {
  switch (gold.kind) {
    case "short_text":
      return gold.value;
    case "yes_no":
      return gold.value;
    case "free_text":
      return gold.reference;
    default:
      return null;
  }
}

function scoreExactOption(gold: Gold, answer: unknown): Score {
  if (gold.kind !== "single_choice") return wrong(`exact_option needs a single_choice gold, got ${gold.kind}`);
  if (typeof answer !== "number" || !Number.isInteger(answer)) return wrong("not an option index");
  return verdict(answer === gold.index);
}

function scoreSetMatch(gold: Gold, answer: unknown): Score {
  if (gold.kind !== "multi_select") return wrong(`set_match needs a multi_select gold, got ${gold.kind}`);
  if (!Array.isArray(answer) || !answer.every((a): a is string => typeof a === "string")) return wrong("not a list of options");
  // names are compared without case or surrounding space, as FANToM's own list check does
  const key = (v: string) => v.trim().toLowerCase();
  const chosen = new Set(answer.map(key));
  const wanted = new Set(gold.values.map(key));
  const hasAll = [...wanted].every((v) => chosen.has(v));
  if (gold.exclude) return verdict(hasAll && !gold.exclude.some((v) => chosen.has(key(v))));
  // no exclusion list: every option that is not gold is wrong, so the sets must be equal
  return verdict(hasAll && chosen.size === wanted.size);
}

function scoreYesNo(gold: Gold, answer: unknown): Score {
  if (gold.kind !== "yes_no") return wrong(`yes_no needs a yes_no gold, got ${gold.kind}`);
  const a = normalizeYesNo(answer);
  if (a === null) return wrong("not yes or no");
  // gold.value is already "no" for FANToM's "no:long" (gold.raw keeps the label)
  return verdict(a === gold.value);
}

function scoreNumeric(rule: Extract<ScoringRule, { type: "numeric" }>, gold: Gold, answer: unknown): Score {
  if (gold.kind !== "numeric") return wrong(`numeric needs a numeric gold, got ${gold.kind}`);
  const saidUnanswerable = isUnanswerable(answer);
  // underspecified items are right only when marked unanswerable; a number is wrong
  if ("unanswerable" in gold) return verdict(saidUnanswerable);
  if (saidUnanswerable) return wrong();
  if (typeof answer !== "number" || !Number.isFinite(answer)) return wrong("not a number");
  return verdict(isClose(answer, gold.value, rule.relTol));
}

function scoreNormalizedText(gold: Gold, answer: unknown): Score {
  const g = goldText(gold);
  if (g === null) return wrong(`normalized_text needs a text gold, got ${gold.kind}`);
  if (typeof answer !== "string") return wrong("not text");
  return verdict(normalizeText(answer) === normalizeText(g));
}

/** One answer against one question. No answer (undefined; null except on a numeric question,
 *  where null is "can't be determined") is wrong, not skipped. */
export function scoreAnswer(question: ScorableQuestion, answer: unknown): Score {
  const { scoring: rule, gold } = question;
  if (rule.type === "reference" || question.kind === "free_text") return { scored: false, reason: "free text is judged by people, not machine-scored" };
  if (answer === undefined || (answer === null && rule.type !== "numeric")) return wrong("no answer");
  switch (rule.type) {
    case "exact_option":
      return scoreExactOption(gold, answer);
    case "set_match":
      return scoreSetMatch(gold, answer);
    case "yes_no":
      return scoreYesNo(gold, answer);
    case "numeric":
      return scoreNumeric(rule, gold, answer);
    case "normalized_text":
      return scoreNormalizedText(gold, answer);
  }
}
