import { expect } from "@playwright/test";
import type { Captured } from "./participant";

// What must never reach a participant's browser, checked over captured response bodies.

/** Fails naming the response when any participant-facing body matches one of `forbidden`. */
export function expectNoneContain(captured: Captured[], forbidden: (string | RegExp)[]): void {
  for (const r of captured) {
    for (const f of forbidden) {
      const hit = typeof f === "string" ? r.body.includes(f) : f.test(r.body);
      expect(hit, `${r.url} (${r.status}) must not contain ${String(f)}`).toBe(false);
    }
  }
}

export interface ServedUnit {
  questions: { prompt: string }[];
  checks: { kind: string; subject?: string }[];
}

/** The units the participant API handed out, from the captured /next answers. */
export function unitsServed(captured: Captured[]): ServedUnit[] {
  return captured
    .filter((r) => /^\/api\/s\/[^/]+\/next$/.test(new URL(r.url).pathname) && r.status === 200)
    .map((r) => JSON.parse(r.body) as { status: string; unit?: ServedUnit })
    .flatMap((n) => (n.unit ? [n.unit] : []));
}

// keys of the benchmark's answer key, and of the stored gold, as they would appear in JSON,
// HTML, or the RSC payload (where quotes are escaped)
export const GOLD_KEYS = [/\\?"gold\\?"/, "a_idx", "a_str", "correct_answer", "wrong_answer"];
