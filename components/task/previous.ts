import { draftValueOf } from "@/components/task/answer-kinds";
import type { Given, Item } from "@/components/task/items";

// A stage-2 unit carries the participant's stored stage-1 payload (`unit.previous`): shown
// beside each question and preselected, to keep or change.

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The stored answer for one item, as sent (undefined when there is none). */
export function previousAnswer(previous: unknown, item: Item): unknown {
  const p = record(previous);
  if (item.type === "score" || item.type === "penalties") return p[item.key];
  const answers = record(p.answers);
  return item.key in answers ? answers[item.key] : undefined;
}

/** The stage-1 payload as a starting draft for stage 2. */
export function previousGiven(previous: unknown, items: Item[]): Given {
  const p = record(previous);
  const given: Given = { answers: {}, comments: {}, comment: typeof p.comment === "string" ? p.comment : "" };
  const comments = record(p.comments);
  for (const item of items) {
    const value = previousAnswer(previous, item);
    if (value === undefined) continue;
    if (item.type === "question") {
      const v = draftValueOf(item.question.kind, value, item.question.options);
      if (v !== undefined) given.answers[item.key] = v;
    } else if (typeof value === "string" || typeof value === "number" || Array.isArray(value)) {
      given.answers[item.key] = value as string | number | string[];
    }
    if (typeof comments[item.key] === "string") given.comments[item.key] = comments[item.key] as string;
  }
  return given;
}
