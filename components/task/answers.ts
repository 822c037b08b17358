import type { Check } from "@/lib/designs";

// The pure rules behind the answer form and its keyboard shortcuts.

export type Answers = Record<string, string>;

export function unanswered(checks: Check[], answers: Answers): Check[] {
  return checks.filter((c) => answers[c.key] === undefined);
}

/** The check a number key answers: the one holding focus, or else the first unanswered one. */
export function targetCheck(checks: Check[], answers: Answers, focusedKey: string | null): Check | null {
  const focused = focusedKey ? checks.find((c) => c.key === focusedKey) : undefined;
  return focused ?? unanswered(checks, answers)[0] ?? null;
}

/** The next unanswered check after `key` in page order, wrapping round; null when all are answered. */
export function nextUnanswered(checks: Check[], answers: Answers, key: string): Check | null {
  const from = checks.findIndex((c) => c.key === key);
  for (let step = 1; step <= checks.length; step++) {
    const c = checks[(from + step) % checks.length]!;
    if (answers[c.key] === undefined) return c;
  }
  return null;
}

/** The option a number key (1–9) picks in a check, if it has that many. */
export function optionForKey(check: Check, key: string): string | null {
  if (!/^[1-9]$/.test(key)) return null;
  return check.options[Number(key) - 1]?.value ?? null;
}

export interface CheckSection {
  /** null: checks about the whole context; otherwise the question the checks are about */
  questionId: string | null;
  checks: Check[];
}

/** Context checks first, then each question's answer-key checks together, in the order given. */
export function sectionsOf(checks: Check[]): CheckSection[] {
  const sections: CheckSection[] = [];
  for (const check of checks) {
    const questionId = check.questionId ?? null;
    let section = sections.find((s) => s.questionId === questionId);
    if (!section) {
      section = { questionId, checks: [] };
      if (questionId === null) sections.unshift(section);
      else sections.push(section);
    }
    section.checks.push(check);
  }
  return sections;
}

/** The check keys a 422's invalid_params point at ("payload.answers.<key>"), with their messages. */
export function answerErrors(params: { name: string; reason: string }[] | undefined, checks: Check[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of params ?? []) {
    const key = p.name.replace(/^payload\.answers\./, "");
    if (checks.some((c) => c.key === key)) out[key] = p.reason;
  }
  return out;
}
