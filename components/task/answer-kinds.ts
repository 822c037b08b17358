import type { QuestionKind } from "@/lib/benchmarks/types";

// What a baseline answer is for each question kind, as the participant API takes it
// (docs/participant-api.md), and how the page holds one while it is being given.

/** A value held in the draft: the wire answer, or (numeric) the text typed so far. */
export type Answer = string | number | string[] | null;

export const SHORT_TEXT_MAX = 200;
export const FREE_TEXT_MAX = 2000;

/** A number as people type it: "25", "-3.5", "1,000", "2.5e3"; null when it is not one. */
export function parseNumber(text: string): number | null {
  const t = text.trim().replace(/(?<=\d),(?=\d{3}(\D|$))/g, "");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The answer the server receives, or undefined while the question is not (validly) answered. */
export function wireAnswer(kind: QuestionKind, value: Answer | undefined, optionCount = 0): Answer | undefined {
  if (value === undefined) return undefined;
  switch (kind) {
    case "single_choice":
      return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < optionCount ? value : undefined;
    case "multi_select":
      return Array.isArray(value) ? value : undefined;
    case "yes_no":
      return value === "yes" || value === "no" ? value : undefined;
    case "numeric":
      if (value === null) return null;
      if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
      return typeof value === "string" ? (parseNumber(value) ?? undefined) : undefined;
    case "short_text":
    case "free_text": {
      const text = typeof value === "string" ? value.trim() : "";
      const max = kind === "short_text" ? SHORT_TEXT_MAX : FREE_TEXT_MAX;
      return text && text.length <= max ? text : undefined;
    }
  }
}

/** Why a given value cannot be sent yet (shown on the widget, a catalog key), or null when it can. */
export function answerProblem(kind: QuestionKind, value: Answer | undefined, optionCount = 0): string | null {
  if (wireAnswer(kind, value, optionCount) !== undefined) return null;
  if (kind === "numeric" && typeof value === "string" && value.trim()) return "errors.numberFormat";
  if (kind === "short_text" || kind === "free_text") {
    const max = kind === "short_text" ? SHORT_TEXT_MAX : FREE_TEXT_MAX;
    if (typeof value === "string" && value.trim().length > max) return kind === "short_text" ? "errors.tooLongShort" : "errors.tooLongFree";
    return "errors.writeAnswer";
  }
  switch (kind) {
    case "multi_select":
      return "errors.chooseEveryone";
    case "numeric":
      return "errors.numberOrUndetermined";
    default:
      return "errors.chooseAnswer";
  }
}

/** A stored stage-1 answer brought into the stage-2 form (numbers typed back as text for the field). */
export function draftValueOf(kind: QuestionKind, value: unknown, options: string[] | null): Answer | undefined {
  switch (kind) {
    case "single_choice":
      return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < (options?.length ?? 0) ? value : undefined;
    case "multi_select":
      return Array.isArray(value) && value.every((v) => typeof v === "string" && (options ?? []).includes(v)) ? (value as string[]) : undefined;
    case "yes_no":
      return value === "yes" || value === "no" ? value : undefined;
    case "numeric":
      return value === null ? null : typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value : undefined;
    case "short_text":
    case "free_text":
      return typeof value === "string" ? value : undefined;
  }
}

/** The answer in words, for "your first answer" and screen readers; `t` reads the "widgets" namespace. */
export function describeAnswer(kind: QuestionKind, value: unknown, options: string[] | null, t: (key: string) => string): string {
  const none = t("noAnswer");
  switch (kind) {
    case "single_choice":
      return typeof value === "number" && options?.[value] !== undefined ? options[value]! : none;
    case "multi_select":
      return Array.isArray(value) ? (value.length ? value.join(t("listSeparator")) : t("nobody")) : none;
    case "yes_no":
      return value === "yes" ? t("yes") : value === "no" ? t("no") : none;
    case "numeric":
      return value === null ? t("undetermined") : value === undefined || value === "" ? none : String(value);
    default:
      return typeof value === "string" && value ? value : none;
  }
}
