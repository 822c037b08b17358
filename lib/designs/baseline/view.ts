import { seededShuffle } from "@/lib/benchmarks/random";
import type { StoredQuestion } from "@/lib/datasets/questions";
import type { Study, ViewQuestion } from "@/lib/designs/types";

// What a participant sees of a baseline question: its prompt and options, in the benchmark's
// order (models saw that order) or a per-participant shuffle. Never gold, never a source id.

/** The shown order of a question's options: original indexes, seeded by the lease so a refresh shows the same. */
export function shownOrder(study: Pick<Study, "settings">, assignmentId: string | null, q: Pick<StoredQuestion, "id" | "kind" | "options">): number[] | null {
  if (study.settings.optionOrder !== "shuffle" || q.kind !== "single_choice" || !q.options || !assignmentId) return null;
  return seededShuffle(q.options.map((_, i) => i), `${assignmentId}:${q.id}`);
}

export function viewQuestion(study: Pick<Study, "settings">, assignmentId: string | null, q: StoredQuestion): ViewQuestion {
  const order = shownOrder(study, assignmentId, q);
  const options = q.options ? (order ? order.map((i) => q.options![i]!) : q.options) : null;
  const out: ViewQuestion = { id: q.id, kind: q.kind, prompt: q.prompt, options, answer: true };
  if (q.kind === "numeric") out.allowUnanswerable = q.scoring.type !== "numeric" || q.scoring.allowUnanswerable;
  return out;
}
