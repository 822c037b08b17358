import { wireAnswer } from "@/components/task/answer-kinds";
import type { Given, Item } from "@/components/task/items";

// The submit payload, by design (docs/participant-api.md): a rating unit sends its score;
// every other design sends answers keyed by check key or question id, with per-check comments
// (checklist), the unit's comment, and per-question times (baseline).

export function payloadOf(items: Item[], given: Given, opts: { rating: boolean; commentAllowed: boolean; times: Record<string, number>; activeMs: number }): Record<string, unknown> {
  const comment = opts.commentAllowed ? given.comment.trim() : "";
  const withComment = comment ? { comment } : {};
  if (opts.rating) {
    const penalties = given.answers.penalties;
    return { score: given.answers.score, penalties: Array.isArray(penalties) ? penalties : [], ...withComment };
  }
  const answers: Record<string, unknown> = {};
  const comments: Record<string, string> = {};
  const times: Record<string, number> = {};
  // A unit of one question was spent on that question, reading its context included; it is often
  // answered by a number key with focus never inside its widget, which alone would read 0.
  const questions = items.filter((i) => i.type === "question");
  const only = questions.length === 1 ? questions[0]!.key : null;
  for (const item of items) {
    if (item.type === "check") {
      const value = given.answers[item.key];
      if (value !== undefined) answers[item.key] = value;
      const c = given.comments[item.key]?.trim();
      if (item.check.comment && c) comments[item.key] = c;
    } else if (item.type === "question") {
      const q = item.question;
      const value = wireAnswer(q.kind, given.answers[item.key], q.options?.length ?? 0);
      if (value !== undefined) answers[item.key] = value;
      // among several, a question never focused (answered by a key from elsewhere) took no time of its own
      const ms = item.key === only ? Math.max(opts.activeMs, opts.times[item.key] ?? 0) : (opts.times[item.key] ?? 0);
      times[item.key] = Math.max(0, Math.round(ms));
    }
  }
  return {
    answers,
    ...(Object.keys(comments).length ? { comments } : {}),
    ...(questions.length ? { times } : {}),
    ...withComment,
  };
}
