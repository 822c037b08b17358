import { z } from "zod";

// Unsent answers live in localStorage, keyed by study and assignment, until the server has
// acknowledged them. The idempotency key is part of the draft, so a retry after a refresh
// reuses it and can never make a second response.

const PREFIX = "sally:draft:";

export const draftSchema = z.object({
  v: z.literal(1),
  code: z.string(),
  assignmentId: z.string(),
  idempotencyKey: z.string().min(8).max(100),
  /** when the unit was first shown (ISO) */
  startedAt: z.string(),
  /** active time accumulated so far */
  activeMs: z.number().int().min(0),
  answers: z.record(z.string(), z.string()),
  comment: z.string(),
  /** set when Submit was pressed: the draft is then sent as it is (with durationMs) until acknowledged */
  pending: z.object({ durationMs: z.number().int().min(0) }).nullable(),
});
export type Draft = z.infer<typeof draftSchema>;

/** The part of the Web Storage API drafts need (so tests can pass a Map-backed fake). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

export function draftKey(code: string, assignmentId: string): string {
  return `${PREFIX}${code}:${assignmentId}`;
}

export function newDraft(code: string, assignmentId: string, now: Date, idempotencyKey: string): Draft {
  return { v: 1, code, assignmentId, idempotencyKey, startedAt: now.toISOString(), activeMs: 0, answers: {}, comment: "", pending: null };
}

export function loadDraft(storage: DraftStorage | null, code: string, assignmentId: string): Draft | null {
  const raw = safe(() => storage?.getItem(draftKey(code, assignmentId)) ?? null, null);
  if (!raw) return null;
  const parsed = draftSchema.safeParse(safe(() => JSON.parse(raw) as unknown, null));
  return parsed.success && parsed.data.code === code && parsed.data.assignmentId === assignmentId ? parsed.data : null;
}

/** false when the browser refused (storage full or disabled): the caller may warn. */
export function saveDraft(storage: DraftStorage | null, draft: Draft): boolean {
  if (!storage) return false;
  return safe(() => {
    storage.setItem(draftKey(draft.code, draft.assignmentId), JSON.stringify(draft));
    return true;
  }, false);
}

export function clearDraft(storage: DraftStorage | null, code: string, assignmentId: string): void {
  safe(() => storage?.removeItem(draftKey(code, assignmentId)), undefined);
}

/** Every stored draft of one study. */
export function draftsOf(storage: DraftStorage | null, code: string): Draft[] {
  if (!storage) return [];
  const keys = safe(() => {
    const out: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k?.startsWith(`${PREFIX}${code}:`)) out.push(k);
    }
    return out;
  }, []);
  return keys.flatMap((k) => {
    const d = loadDraft(storage, code, k.slice(`${PREFIX}${code}:`.length));
    return d ? [d] : [];
  });
}

/** Keep only answers that fit the unit's current checks (a stale or tampered draft adds nothing). */
export function fitAnswers(answers: Record<string, string>, checks: { key: string; options: { value: string }[] }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of checks) {
    const a = answers[c.key];
    if (a !== undefined && c.options.some((o) => o.value === a)) out[c.key] = a;
  }
  return out;
}

/** The browser's localStorage, or null where it is unavailable (private mode, blocked). */
export function browserStorage(): DraftStorage | null {
  return safe(() => (typeof window === "undefined" ? null : window.localStorage), null);
}

/** A random v4 UUID; crypto.randomUUID is missing outside secure contexts. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
