import { accuracy } from "@/lib/metrics";

// The shapes baseline results are built from: a scored answer as read back, and an accuracy row.

export interface AccuracyRow<K = string> {
  key: K;
  n: number;
  correct: number;
  accuracy: number | null;
  ci95: [number, number] | null;
}

export function row<K>(key: K, correct: number, n: number): AccuracyRow<K> {
  const a = accuracy(correct, n);
  return { key, n, correct, accuracy: a.value, ci95: a.value === null ? null : [a.lower, a.upper] };
}

/** A scored answer as results read it. */
export interface AnswerRow {
  questionId: string;
  participantId: string;
  pseudonym: string;
  stage: number;
  group: string | null;
  correct: boolean | null;
  graded: number | null;
  normalized: string;
  ms: number | null;
}
