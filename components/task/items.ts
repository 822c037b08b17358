import { answerProblem, wireAnswer, type Answer } from "@/components/task/answer-kinds";
import type { Check, UnitView, ViewQuestion } from "@/lib/designs/types";

// The things a participant must answer in a unit, whatever the design: checks (validation,
// checklist), the questions themselves (baseline), a score (rating). One list in page order
// drives "what is still unanswered", the number-key shortcuts, 422 errors and the payload.

export type Scale = { min: number; max: number; step: number };

export type Item =
  | { type: "check"; key: string; check: Check }
  | { type: "question"; key: string; question: ViewQuestion }
  | { type: "score"; key: "score"; scale: Scale }
  /** optional: none ticked is an answer */
  | { type: "penalties"; key: "penalties"; penalties: string[] };

export type Answers = Record<string, Answer>;

/** What the page holds for a unit besides timings: the answers and the comments. */
export interface Given {
  answers: Answers;
  /** per check (checklist) */
  comments: Record<string, string>;
  /** on the whole unit */
  comment: string;
}

type Unit = Pick<UnitView, "questions" | "checks" | "rating" | "commentAllowed">;

export function itemsOf(unit: Unit): Item[] {
  const items: Item[] = unit.checks.filter((c) => !c.questionId).map((check) => ({ type: "check", key: check.key, check }));
  const shown = new Set(unit.questions.map((q) => q.id));
  for (const question of unit.questions) {
    if (question.answer) items.push({ type: "question", key: question.id, question });
    for (const check of unit.checks.filter((c) => c.questionId === question.id)) items.push({ type: "check", key: check.key, check });
  }
  for (const check of unit.checks.filter((c) => c.questionId && !shown.has(c.questionId))) items.push({ type: "check", key: check.key, check });
  if (unit.rating) {
    items.push({ type: "score", key: "score", scale: unit.rating.scale });
    if (unit.rating.penalties.length) items.push({ type: "penalties", key: "penalties", penalties: unit.rating.penalties });
  }
  return items;
}

/** The steps of a rating scale, rounded so 0.1 steps do not drift (0.30000000000000004). */
export function scaleSteps({ min, max, step }: Scale): number[] {
  if (!(step > 0) || max < min) return [min];
  const count = Math.min(Math.floor((max - min) / step + 1e-9) + 1, 101);
  return Array.from({ length: count }, (_, i) => Math.round((min + i * step) * 1e6) / 1e6);
}

/** Why an item cannot be sent as it stands (a catalog key), or null when it is complete. */
export function itemProblem(item: Item, given: Given): string | null {
  const value = given.answers[item.key];
  switch (item.type) {
    case "check":
      if (typeof value !== "string" || !item.check.options.some((o) => o.value === value)) return "errors.chooseAnswer";
      if (item.check.comment === "required" && !given.comments[item.key]?.trim()) return "errors.writeComment";
      return null;
    case "question":
      return answerProblem(item.question.kind, value, item.question.options?.length ?? 0);
    case "score":
      return typeof value === "number" && scaleSteps(item.scale).includes(value) ? null : "errors.chooseScore";
    case "penalties":
      return null;
  }
}

export function incomplete(items: Item[], given: Given): Item[] {
  return items.filter((i) => itemProblem(i, given) !== null);
}

/** Whether the item has an answer at all (a number key moves on past answered items). */
export function hasAnswer(item: Item, answers: Answers): boolean {
  return item.type === "penalties" || answers[item.key] !== undefined;
}

/** The answer a key press gives an item: 1–9 for options and scores, y/n for yes/no; else null. */
export function keyAnswer(item: Item, key: string): Answer | null {
  if (item.type === "check") {
    if (!/^[1-9]$/.test(key)) return null;
    return item.check.options[Number(key) - 1]?.value ?? null;
  }
  if (item.type === "penalties") return null;
  if (item.type === "score") {
    const steps = scaleSteps(item.scale);
    const k = scoreKeys(steps).indexOf(key);
    return k >= 0 ? steps[k]! : null;
  }
  const q = item.question;
  if (q.kind === "single_choice" && /^[1-9]$/.test(key)) {
    const index = Number(key) - 1;
    return index < (q.options?.length ?? 0) ? index : null;
  }
  if (q.kind === "yes_no") {
    const k = key.toLowerCase();
    return k === "y" ? "yes" : k === "n" ? "no" : null;
  }
  return null;
}

/** The key shown for each step of a scale: the digit itself for 0–9 integer scales, else 1, 2, …; none past 9 steps. */
export function scoreKeys(steps: number[]): string[] {
  if (steps.length > 9 && !(steps.length === 10 && steps.every((s, i) => s === i))) return steps.map(() => "");
  if (steps.every((s) => Number.isInteger(s) && s >= 0 && s <= 9)) return steps.map(String);
  return steps.map((_, i) => String(i + 1));
}

/** Whether an item takes key presses at all (text and number fields take typing instead). */
export function takesKeys(item: Item): boolean {
  if (item.type === "penalties") return false;
  if (item.type === "score") return scoreKeys(scaleSteps(item.scale)).some(Boolean);
  if (item.type === "check") return true;
  return item.question.kind === "single_choice" || item.question.kind === "yes_no";
}

/** The item a shortcut key answers: the focused one, or else the first unanswered one that takes keys. */
export function targetItem(items: Item[], answers: Answers, focusedKey: string | null): Item | null {
  const focused = focusedKey ? items.find((i) => i.key === focusedKey) : undefined;
  if (focused) return takesKeys(focused) ? focused : null;
  return items.find((i) => takesKeys(i) && !hasAnswer(i, answers)) ?? null;
}

/** The next unanswered item after `key` in page order, wrapping round; null when all are answered. */
export function nextUnansweredItem(items: Item[], answers: Answers, key: string): Item | null {
  const from = items.findIndex((i) => i.key === key);
  for (let step = 1; step <= items.length; step++) {
    const item = items[(from + step) % items.length]!;
    if (!hasAnswer(item, answers)) return item;
  }
  return null;
}

/** Keep only what fits the unit (a stale or tampered draft adds nothing). */
export function fitGiven(items: Item[], given: Given, commentAllowed: boolean): Given {
  const answers: Answers = {};
  const comments: Record<string, string> = {};
  for (const item of items) {
    const value = given.answers[item.key];
    if (value !== undefined && fits(item, value)) answers[item.key] = value;
    const c = given.comments[item.key];
    if (item.type === "check" && item.check.comment && typeof c === "string") comments[item.key] = c;
  }
  return { answers, comments, comment: commentAllowed ? given.comment : "" };
}

function fits(item: Item, value: Answer): boolean {
  switch (item.type) {
    case "check":
      return typeof value === "string" && item.check.options.some((o) => o.value === value);
    case "score":
      return typeof value === "number" && scaleSteps(item.scale).includes(value);
    case "penalties":
      return Array.isArray(value) && value.every((v) => item.penalties.includes(v));
    case "question": {
      const q = item.question;
      if (q.kind === "numeric" || q.kind === "short_text" || q.kind === "free_text") return value === null ? q.kind === "numeric" : typeof value === "string" || typeof value === "number";
      if (q.kind === "multi_select") return Array.isArray(value) && value.every((v) => (q.options ?? []).includes(v));
      return wireAnswer(q.kind, value, q.options?.length ?? 0) !== undefined;
    }
  }
}

/** The item a 422's invalid_params name points at ("payload.answers.<key>", "payload.comments.<key>", "payload.score"). */
export function itemErrors(params: { name: string; reason: string }[] | undefined, items: Item[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of params ?? []) {
    // keys may hold dots ("checklist.criterion"): match whole keys, longest first
    const item = [...items]
      .sort((a, b) => b.key.length - a.key.length)
      .find((i) =>
        i.type === "score" || i.type === "penalties"
          ? p.name === `payload.${i.key}` || p.name.startsWith(`payload.${i.key}.`)
          : [`payload.answers.${i.key}`, `payload.comments.${i.key}`].some((n) => p.name === n || p.name.startsWith(`${n}.`)),
      );
    // the server's reason is English and its own wording: the item says its answer was refused
    if (item && !(item.key in out)) out[item.key] = "errors.answerRefused";
  }
  return out;
}
