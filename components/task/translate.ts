import { FREE_TEXT_MAX, SHORT_TEXT_MAX } from "@/components/task/answer-kinds";

/**
 * A message's key from the root of the catalogs ("errors.chooseAnswer", "task.notices.saved").
 * Pure task code (validation, the reducer, outcomes) names messages; components word them in
 * the page's language, so the reducer's state never holds English.
 */
export type MessageKey = string;

/** next-intl's `t` as pure helpers take it (any namespace). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The values every task message may use. */
export const MESSAGE_VALUES = { shortMax: SHORT_TEXT_MAX, freeMax: FREE_TEXT_MAX } as const;
