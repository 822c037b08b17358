import type { Translate } from "@/components/task/translate";
import type { Progress } from "@/lib/participants/task";

/** The unit being worked on, counted from progress: k is the one after those done. */
export function unitPosition({ done, total }: Progress): { k: number; n: number } {
  const k = Math.min(done + 1, Math.max(total, 1));
  return { k, n: Math.max(total, k) };
}

/**
 * The heading above what a participant reads: "Conversation 3 of 5" or "Text 3 of 5" (`t`: the
 * "task" namespace). Built
 * from progress alone, never from the context's title, which can hold a scenario code or the
 * mental state under test.
 */
export function unitHeading(progress: Progress, conversation: boolean, t: Translate): string {
  const { k, n } = unitPosition(progress);
  return t("unitHeading", { noun: conversation ? "conversation" : "text", k, n });
}
